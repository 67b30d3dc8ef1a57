package sim

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
)

// What the simulated analyst can read from the messages it is sent. It knows
// the agent's text format (runtime/agent/render.go) the way a model learns
// it from the system prompt and results, and nothing else: no catalog, no
// gold answers, no session state outside the messages.

// Message is one chat message as the sim receives it.
type Message struct {
	Role       string     `json:"role"`
	Content    string     `json:"content"`
	ToolCalls  []ToolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
	Name       string     `json:"name,omitempty"`
}

// ToolCall is a call the sim (or any model) made earlier.
type ToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// Candidate is a catalog row seen in a tool result.
type Candidate struct {
	ID, Title, Unit, Freq, Country, Heading string
	// ObsStart, ObsEnd: the observations held, when the line says they
	// span less than the coverage ("observed: 2020-01-01..2025-10-01").
	ObsStart, ObsEnd string
	SA               string // "SA" or "NSA" when the row says
	HeadingID        string // for browse_heading
	HeadingSize      int    // rows under the heading in the whole catalog
	NoData           bool
}

// Column is a table column seen in a build_table or derive_column result.
type Column struct {
	Name, SeriesID, Derived, Unit string
	From                          []string // every input series of a derived column
}

// view is everything readable in the current request: the analyst's latest
// message, the earlier ones, the candidates and tables shown, and the calls
// made since the latest message with their results.
type view struct {
	user        string
	earlier     []string // earlier analyst messages, oldest first
	cands       map[string]Candidate
	known       map[string]Candidate // rows shown in earlier requests, as they were read then
	order       []string             // candidate ids in order of first appearance this request
	table       string               // latest table name seen
	tableFreq   string               // its frequency
	tableSpan   [2]string            // its first and last period ("2005-01", "2023-12")
	columns     []Column             // its columns, derived ones included
	before      map[string]bool      // the names of its columns when the analyst wrote the latest message
	calls       []pastCall           // this request's calls, in order
	rejected    map[string]string    // ids a tool refused, with the reason
	contextNote bool
	noteText    string // the context note: what was removed to fit the window
	// respelled: words a search said it corrected ("expendture" →
	// "expenditure"), as the analyst adopts them on reading the result.
	respelled map[string]string
	// noRoom: a search this request said no new row fits the context
	// window; searching more cannot show more.
	noRoom bool
	// span is the years the request's table is to cover ("2000",
	// "2019"; either may be empty): a row whose observations lie
	// outside them cannot fill it.
	span [2]string
}

// noRoomText is how a search result says its rows matched and none fits.
const noRoomText = "but not one new row fits the room left in the context window"

type pastCall struct {
	name   string
	args   map[string]any
	result string
	failed bool
	// seen: the result is readable — it lists candidates, says plainly
	// that nothing matched, or that every row it matched is already in the
	// shortlist. A result cut to its header line is not.
	seen bool
}

var (
	showingFor = regexp.MustCompile(`(?m)^showing results for "[^"\n]*" \(([^)\n]*)\)$`)
	tableHead  = regexp.MustCompile(`^(?:\[compact\] )?(?:build_table|convert_table): table "([^"]+)", \d+ rows, frequency (\w*)(?:, ([0-9][0-9QW-]*)\.\.([0-9][0-9QW-]*))?`)
	headSize   = regexp.MustCompile(`(\d+) rows under this heading`)
	headID     = regexp.MustCompile(`heading id: ([^;)]+)`)
	deriveHead = regexp.MustCompile(`^derive_column: table "([^"]+)" now has column "([^"]+)"`)
	noDataErr  = regexp.MustCompile(`(\S+) is in the catalog but its observations are not in this bundle`)
	unknownErr = regexp.MustCompile(`unknown series: ([^;]+);`)
)

func readView(msgs []Message) view {
	v := view{cands: map[string]Candidate{}, known: map[string]Candidate{}, rejected: map[string]string{}}
	last := -1
	for i, m := range msgs {
		if m.Role == "user" {
			last = i
		}
	}
	results := map[string]string{}
	for _, m := range msgs {
		if m.Role == "tool" {
			results[m.ToolCallID] = m.Content
			v.readRespellings(m.Content)
		}
		if m.Role == "system" && strings.Contains(m.Content, "Context note:") {
			v.contextNote = true
			_, v.noteText, _ = strings.Cut(m.Content, "Context note:")
			v.readStandingTables(v.noteText)
		}
	}
	for i, m := range msgs {
		switch m.Role {
		case "user":
			if i == last {
				v.user = m.Content
				v.before = map[string]bool{}
				for _, c := range v.columns {
					v.before[c.Name] = true
				}
			} else {
				v.earlier = append(v.earlier, m.Content)
			}
		case "tool":
			v.readTables(m.Content)
			if i > last {
				v.readCandidates(m.Content)
			} else {
				earlier := view{cands: v.known}
				earlier.readCandidates(m.Content)
				v.known = earlier.cands
			}
		case "assistant":
			if i < last {
				continue
			}
			for _, c := range m.ToolCalls {
				pc := pastCall{name: c.Function.Name, result: results[c.ID]}
				_ = json.Unmarshal([]byte(c.Function.Arguments), &pc.args)
				pc.failed = strings.HasPrefix(pc.result, "error in ")
				pc.seen = strings.Contains(pc.result, "\n- ") || strings.Contains(pc.result, "no rows matched") ||
					strings.Contains(pc.result, "no new rows") || strings.Contains(pc.result, "\nalso matched: ") || strings.Contains(pc.result, noRoomText)
				if strings.Contains(pc.result, noRoomText) {
					v.noRoom = true
				}
				if pc.failed {
					for _, mm := range noDataErr.FindAllStringSubmatch(pc.result, -1) {
						v.rejected[mm[1]] = "no data"
					}
					for _, mm := range unknownErr.FindAllStringSubmatch(pc.result, -1) {
						for _, id := range strings.Split(mm[1], ", ") {
							v.rejected[strings.TrimSpace(id)] = "unknown"
						}
					}
				}
				v.calls = append(v.calls, pc)
			}
		}
	}
	return v
}

// readRespellings reads a search's "showing results for" line: each
// "from → to" pair of single words is a misspelling the engine corrected.
func (v *view) readRespellings(text string) {
	for _, m := range showingFor.FindAllStringSubmatch(text, -1) {
		for _, pair := range strings.Split(m[1], ", ") {
			from, to, ok := strings.Cut(pair, " → ")
			if !ok || strings.ContainsAny(from, " ") || strings.ContainsAny(to, " ") || from == "" || to == "" {
				continue
			}
			if v.respelled == nil {
				v.respelled = map[string]string{}
			}
			v.respelled[strings.ToLower(from)] = strings.ToLower(to)
		}
	}
}

// respell writes a message with the corrections the searches reported.
func (v view) respell(text string) string {
	if len(v.respelled) == 0 {
		return text
	}
	return respellWord.ReplaceAllStringFunc(text, func(w string) string {
		if to, ok := v.respelled[strings.ToLower(w)]; ok {
			return to
		}
		return w
	})
}

var respellWord = regexp.MustCompile(`\pL+`)

// readCandidates collects candidate lines under their heading lines.
func (v *view) readCandidates(text string) {
	heading, hid, hsize := "", "", 0
	for _, line := range strings.Split(text, "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			hid, hsize = "", 0
			if i := strings.LastIndex(h, " ("); i > 0 {
				tail := h[i:]
				h = h[:i]
				if m := headSize.FindStringSubmatch(tail); m != nil {
					hsize, _ = strconv.Atoi(m[1])
				} else if strings.Contains(tail, "only row") {
					hsize = 1
				}
				if m := headID.FindStringSubmatch(tail); m != nil {
					hid = strings.TrimSpace(m[1])
				}
			}
			// The path opens with the publisher ("FRED (Federal Reserve
			// Bank of St. Louis) › H.15 …"): who publishes, not what the
			// rows measure, so its words fit no subject.
			_, heading, _ = strings.Cut(h, " › ")
			continue
		}
		if strings.HasPrefix(line, "Shortlist") {
			heading, hid, hsize = "", "", 0
			continue
		}
		rest, ok := strings.CutPrefix(line, "- ")
		if !ok {
			continue
		}
		fields := strings.Split(rest, " | ")
		if len(fields) < 2 || fields[0] == "" {
			continue
		}
		c := Candidate{ID: fields[0], Title: fields[1], Heading: heading, HeadingID: hid, HeadingSize: hsize}
		for _, f := range fields[2:] {
			k, val, ok := strings.Cut(f, ": ")
			if !ok {
				continue
			}
			switch k {
			case "unit":
				c.Unit = val
			case "freq":
				c.Freq = val
			case "country":
				c.Country = val
			case "sa":
				c.SA = val
			case "in":
				if c.Heading == "" {
					c.Heading = val
				}
			case "data":
				c.NoData = val == "no"
			case "observed":
				c.ObsStart, c.ObsEnd, _ = strings.Cut(val, "..")
			}
		}
		old, seen := v.cands[c.ID]
		if !seen {
			v.order = append(v.order, c.ID)
		}
		// Keep the richest reading of a row seen in several forms.
		if len(old.Heading) > len(c.Heading) {
			c.Heading = old.Heading
		}
		if c.Unit == "" {
			c.Unit = old.Unit
		}
		if c.HeadingID == "" {
			c.HeadingID, c.HeadingSize = old.HeadingID, old.HeadingSize
		}
		if c.Country == "" {
			c.Country = old.Country
		}
		if c.SA == "" {
			c.SA = old.SA
		}
		if c.ObsStart == "" && c.ObsEnd == "" {
			c.ObsStart, c.ObsEnd = old.ObsStart, old.ObsEnd
		}
		c.NoData = c.NoData || old.NoData
		v.cands[c.ID] = c
	}
}

// readStandingTables reads the tables a context note says stand when the
// results that built them were removed ("- main: frequency Q,
// 2000Q1..2022Q4, 92 rows; columns: a = id; b = id (derived: …)"). Later
// results of the request replace them, as they replace each other.
func (v *view) readStandingTables(note string) {
	_, list, ok := strings.Cut(note, "The tables as they stand now")
	if !ok {
		return
	}
	for _, line := range strings.Split(list, "\n") {
		m := standingTable.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		v.table, v.tableFreq, v.tableSpan, v.columns = m[1], m[2], [2]string{m[3], m[4]}, columnList(m[5])
	}
}

// columnList reads columns written "a = id; b = id (derived: …)", as
// compact table results and the standing tables list them.
func columnList(s string) []Column {
	var out []Column
	for _, c := range strings.Split(s, "; ") {
		name, id, ok := strings.Cut(c, " = ")
		if !ok {
			continue
		}
		col := Column{Name: name, SeriesID: id}
		if i := strings.Index(id, " (derived: "); i >= 0 {
			col.SeriesID, col.Derived = id[:i], strings.TrimSuffix(id[i+len(" (derived: "):], ")")
		}
		out = append(out, col)
	}
	return out
}

var standingTable = regexp.MustCompile(`^- ([^:]+): frequency (\w*), ([0-9QW-]*)\.\.([0-9QW-]*), \d+ rows; columns: (.*)$`)

// readTables follows the table: a build_table result resets its columns, a
// derive_column result adds one.
func (v *view) readTables(text string) {
	lines := strings.Split(text, "\n")
	if m := tableHead.FindStringSubmatch(lines[0]); m != nil {
		v.table, v.tableFreq, v.columns = m[1], m[2], nil
		v.tableSpan = [2]string{m[3], m[4]}
		if strings.HasPrefix(lines[0], "[compact]") {
			if _, cols, ok := strings.Cut(strings.TrimSpace(lines[0]), " columns: "); ok {
				v.columns = columnList(cols)
			}
			return
		}
		v.readColumns(lines[1:])
		return
	}
	if m := deriveHead.FindStringSubmatch(lines[0]); m != nil && m[1] == v.table {
		v.readColumns(lines[1:])
	}
}

// readColumns reads "* name = id | unit: u | derived: d" lines.
func (v *view) readColumns(lines []string) {
	for _, l := range lines {
		rest, ok := strings.CutPrefix(l, "* ")
		if !ok {
			continue
		}
		fields := strings.Split(rest, " | ")
		name, id, ok := strings.Cut(fields[0], " = ")
		if !ok {
			continue
		}
		c := Column{Name: name, SeriesID: id}
		for _, f := range fields[1:] {
			if d, ok := strings.CutPrefix(f, "derived: "); ok {
				c.Derived = d
			}
			if u, ok := strings.CutPrefix(f, "unit: "); ok {
				c.Unit = u
			}
			if from, ok := strings.CutPrefix(f, "from: "); ok {
				c.From = strings.Split(from, ", ")
			}
		}
		v.columns = append(v.columns, c)
	}
}
