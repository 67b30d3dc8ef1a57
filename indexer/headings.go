package indexer

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"sort"
	"strings"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/internal/countries"
)

// minDerivedGroup is the smallest number of rows, differing only by the
// country they name, that earns a derived heading. Two rows are a pair, not a
// family; three or more repeat one quantity across economies. The figure is a
// count of siblings, so it holds whatever the catalog's size.
const minDerivedGroup = 3

// headingID is a stable id for a heading path within a source.
func headingID(source string, path []string) string {
	h := sha256.New()
	h.Write([]byte(source))
	for _, p := range path {
		h.Write([]byte{0x1f})
		h.Write([]byte(p))
	}
	return "h" + hex.EncodeToString(h.Sum(nil))[:15]
}

// countryTemplate returns the title with the named country replaced by a
// placeholder ("Real GDP for {}"), or "" when the title names no country that
// matches the row's own.
func countryTemplate(title, country string) string {
	if country == "" {
		return ""
	}
	for _, m := range countries.FindAll(title) {
		if m.ISO3 != country {
			continue
		}
		return title[:m.Start] + "{}" + title[m.End:]
	}
	return ""
}

// placeholderGlue is the place and the words that join it to the title:
// "for", "in", "of" or "from", with the article some names take ("for the
// Netherlands"), or punctuation.
var placeholderGlue = regexp.MustCompile(`(?i)\s*(\bfor|\bin|\bof|\bfrom|,|:|-|—|–|\()?\s*(\bthe\s+)?\{\}\s*\)?\s*(:|,|-|—|–)?\s*`)

// templateLabel turns "Real GDP for {}" into "Real GDP".
func templateLabel(t string) string {
	s := placeholderGlue.ReplaceAllString(t, " ")
	s = strings.Join(strings.Fields(s), " ")
	s = strings.Trim(s, " ,:;-—–")
	if s == "" {
		return t
	}
	return s
}

// cleanPath drops empty and repeated labels and trims them.
func cleanPath(p []string) []string {
	out := make([]string, 0, len(p))
	for _, s := range p {
		s = strings.Join(strings.Fields(s), " ")
		if s == "" || (len(out) > 0 && out[len(out)-1] == s) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// stemSeparators split a title into the quantity it measures and the
// breakdown that follows: "All Employees: Manufacturing", "Unemployment Rate
// in Alabama", "Labor Productivity for Mining".
var stemSeparators = []string{": ", " for ", " in ", ", "}

// titleStem returns the part of a title before its first separator, or "".
func titleStem(title string) string {
	cut := -1
	for _, sep := range stemSeparators {
		if i := strings.Index(title, sep); i > 0 && (cut < 0 || i < cut) {
			cut = i
		}
	}
	if cut <= 0 {
		return ""
	}
	return strings.TrimSpace(title[:cut])
}

// familyParent returns the quantity a stem qualifies with " - "
// ("Employment-Population Ratio" for "Employment-Population Ratio -
// Men"), or "".
func familyParent(stem string) string {
	if i := strings.Index(stem, " - "); i > 0 {
		return strings.TrimSpace(stem[:i])
	}
	return ""
}

// hierarchy is the heading tree being derived.
type hierarchy struct {
	nodes map[string]*bundle.HeadingRow
	order []string
}

func (h *hierarchy) node(source string, path []string, derived bool) string {
	id := headingID(source, path)
	if _, ok := h.nodes[id]; ok {
		return id
	}
	parent := ""
	if len(path) > 1 {
		parent = h.node(source, path[:len(path)-1], false)
		h.nodes[parent].DirectChildren++
	}
	h.nodes[id] = &bundle.HeadingRow{ID: id, ParentID: parent, Label: path[len(path)-1], Path: append([]string(nil), path...), Depth: int32(len(path) - 1), Source: source, Derived: derived}
	h.order = append(h.order, id)
	return id
}

// deriveHeadings assigns every record a heading and returns the tree, parents
// first. A record's heading is its source's label followed by its own path;
// rows that repeat one quantity across countries under the same path (same
// title but for the country) get a derived heading of their own, so that they
// cluster: "Real GDP — one of 180 rows under this heading".
//
// Sources listed in stemSources have flat headings (a FRED release holds
// thousands of rows): there, rows whose titles share a stem ("All Employees:
// …") get a derived heading named after it, unless the stem is shared by
// every row under the heading (then the heading already is that cluster).
func deriveHeadings(recs []catalogsrc.Record, sourceLabel map[string]string, stemSources map[string]bool) ([]string, []bundle.HeadingRow) {
	type key struct{ source, path, template string }
	templates := make([]string, len(recs))
	stems := make([]string, len(recs))
	counts := map[key]int{}
	pathRows := map[key]int{}
	parentRows := map[key]int{}              // rows whose stem qualifies the quantity with " - "
	parentStems := map[key]map[string]bool{} // the distinct stems doing so
	paths := make([][]string, len(recs))
	// Stems are compared without case ("Real Exports of Goods and
	// Services" is the bare member of the "Real exports of goods and
	// services: …" family); a family's heading is labelled as the first
	// of its rows (in catalog order) writes its stem.
	labels := map[key]string{}
	fold := func(source, path, stem string) key {
		k := key{source, path, strings.ToLower(stem)}
		if _, ok := labels[k]; !ok {
			labels[k] = stem
		}
		return k
	}
	for i := range recs {
		r := &recs[i]
		label := sourceLabel[r.Source]
		if label == "" {
			label = r.Source
		}
		paths[i] = cleanPath(append([]string{label}, r.Path...))
		templates[i] = countryTemplate(r.Title, r.Country)
		if templates[i] != "" {
			counts[key{r.Source, strings.Join(paths[i], "\x1f"), templates[i]}]++
		}
		if stemSources[r.Source] {
			pk := strings.Join(paths[i], "\x1f")
			pathRows[key{r.Source, pk, ""}]++
			if stems[i] = titleStem(r.Title); stems[i] != "" {
				k := fold(r.Source, pk, stems[i])
				counts[key{k.source, k.path, "\x00" + k.template}]++
			}
			st := stems[i]
			if st == "" {
				st = strings.TrimSpace(r.Title)
			}
			if fp := familyParent(st); fp != "" {
				k := fold(r.Source, pk, fp)
				parentRows[k]++
				if parentStems[k] == nil {
					parentStems[k] = map[string]bool{}
				}
				parentStems[k][strings.ToLower(st)] = true
			}
		}
	}
	// isParent says whether a quantity heads a family of families under
	// a path: at least minDerivedGroup rows in two or more stems qualify
	// it ("Unemployment Rate - Women", "Unemployment Rate - White, …").
	isParent := func(source, path, quantity string) bool {
		k := key{source, path, strings.ToLower(quantity)}
		return quantity != "" && parentRows[k] >= minDerivedGroup && len(parentStems[k]) >= 2
	}
	// labelOf is the label of the family of stem st under a path.
	labelOf := func(source, path, st string) string {
		if l, ok := labels[key{source, path, strings.ToLower(st)}]; ok {
			return l
		}
		return st
	}
	stemCount := func(source, path, st string) int {
		return counts[key{source, path, "\x00" + strings.ToLower(st)}]
	}
	h := &hierarchy{nodes: map[string]*bundle.HeadingRow{}}
	ids := make([]string, len(recs))
	for i := range recs {
		r := &recs[i]
		p := paths[i]
		derived := false
		pk := strings.Join(p, "\x1f")
		if t := templates[i]; t != "" && counts[key{r.Source, pk, t}] >= minDerivedGroup {
			if lbl := templateLabel(t); lbl != p[len(p)-1] {
				p = append(p[:len(p):len(p)], lbl)
				derived = true
			}
		}
		st := stems[i]
		if st == "" && stemSources[r.Source] {
			// A title that is a stem itself ("Real Gross Domestic
			// Product" beside "Real Gross Domestic Product for Japan")
			// is its family's unqualified member: it joins the family's
			// heading, whose label its title then is (the runtime reads
			// such a row as the heading's headline).
			st = strings.TrimSpace(r.Title)
		}
		if !derived && st != "" {
			fp := familyParent(st)
			switch {
			case isParent(r.Source, pk, st):
				// The unqualified quantity of a family of families
				// ("Unemployment Rate" beside "Unemployment Rate -
				// Women" and "Unemployment Rate - White"): it joins, and
				// is the label of, the heading above them.
				p = append(p[:len(p):len(p)], labelOf(r.Source, pk, st))
				derived = true
			case isParent(r.Source, pk, fp):
				p = append(p[:len(p):len(p)], labelOf(r.Source, pk, fp))
				if stemCount(r.Source, pk, st) >= minDerivedGroup {
					p = append(p, labelOf(r.Source, pk, st)) // its own family, under the parent
				}
				derived = true
			default:
				if n := stemCount(r.Source, pk, st); n >= minDerivedGroup && n < pathRows[key{r.Source, pk, ""}] && !strings.EqualFold(st, p[len(p)-1]) {
					p = append(p[:len(p):len(p)], labelOf(r.Source, pk, st))
					derived = true
				}
			}
		}
		ids[i] = h.node(r.Source, p, derived)
		n := h.nodes[ids[i]]
		n.DirectRows++
		n.DirectChildren++
	}
	// Leaf counts: children come after parents in order, so walk backwards.
	for _, id := range h.order {
		h.nodes[id].LeafRows = h.nodes[id].DirectRows
	}
	for j := len(h.order) - 1; j >= 0; j-- {
		n := h.nodes[h.order[j]]
		if n.ParentID != "" {
			h.nodes[n.ParentID].LeafRows += n.LeafRows
		}
	}
	out := make([]bundle.HeadingRow, 0, len(h.order))
	for _, id := range h.order {
		out = append(out, *h.nodes[id])
	}
	// Parents first, then by path, so the file is stable across builds.
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Depth != out[j].Depth {
			return out[i].Depth < out[j].Depth
		}
		return strings.Join(out[i].Path, "\x1f") < strings.Join(out[j].Path, "\x1f")
	})
	return ids, out
}
