package analysis

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ukind is the kind of an expression's value, finer than UnitKind: plain
// numbers and pure ratios are told apart from amounts.
type ukind int

const (
	uNum     ukind = iota // a literal number
	uLevel                // an amount in a base unit (dollars, persons)
	uPercent              // percent or percentage points
	uIndex                // index numbers
	uRatio                // a pure ratio (an amount over an amount of the same unit)
	uOther                // anything else (a product of amounts, a log): not checked
)

// uinfo is the unit of an expression's value.
type uinfo struct {
	kind ukind
	text string  // unit text for the result column
	base string  // base unit of an amount
	mult float64 // constant factor applied by the expression (100 × a ratio is a percent); 0 = 1
}

func (u uinfo) factor() float64 {
	if u.mult == 0 {
		return 1
	}
	return u.mult
}

// scaled is u multiplied by the constant k: 100 × a ratio is a percent, a
// percent / 100 a ratio, an amount × k says so in its unit.
func scaled(u uinfo, k float64) uinfo {
	u.mult = u.factor() * k
	switch {
	case u.kind == uRatio && math.Abs(u.mult-100) < 1e-9:
		return uinfo{kind: uPercent, text: "Percent"}
	case u.kind == uPercent && math.Abs(u.mult-0.01) < 1e-12:
		return uinfo{kind: uRatio, text: "Ratio"}
	case u.kind == uRatio && u.mult == 1:
		return uinfo{kind: uRatio, text: "Ratio"}
	case u.kind == uNum || u.mult == 1:
		return u
	}
	base, _, _ := strings.Cut(u.text, " × ")
	u.text = base + " × " + formatFactor(u.mult)
	return u
}

// constant is the value of a literal number node, or false.
func constant(n *enode) (float64, bool) {
	switch n.op {
	case "num":
		return n.num, true
	case "neg":
		v, ok := constant(n.args[0])
		return -v, ok
	}
	return 0, false
}

// annualRatePhrases mark a flow counted at an annual rate.
var annualRatePhrases = []string{"annual rate", "saar", "annualized", "annualised", "at annual rates"}

// unitNoise are the phrases a unit text may carry that are no unit: they
// are dropped before the base unit is compared.
var unitNoise = []string{
	"not seasonally adjusted annual rate", "seasonally adjusted annual rate", "not seasonally adjusted",
	"seasonally adjusted", "at annual rates", "at an annual rate", "annual rate", "annualized", "annualised",
	"end of period", "period average", "saar", "nsa", "sa",
}

// isAnnualRate reports whether a column is a flow at an annual rate, by its
// unit or its seasonal adjustment ("SAAR", "Seasonally Adjusted Annual Rate").
func isAnnualRate(c *Column) bool {
	for _, text := range []string{c.Unit, c.Adjustment} {
		t := strings.ToLower(text)
		for _, p := range annualRatePhrases {
			if containsWord(t, p) {
				return true
			}
		}
	}
	return false
}

// containsWord reports whether phrase occurs in s between non-letters.
func containsWord(s, phrase string) bool {
	for i := 0; ; {
		k := strings.Index(s[i:], phrase)
		if k < 0 {
			return false
		}
		k += i
		before := k == 0 || !isLetter(s[k-1])
		end := k + len(phrase)
		after := end == len(s) || !isLetter(s[end])
		if before && after {
			return true
		}
		i = k + 1
	}
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// levelUnit is unitScale after dropping adjustment phrases: "Billions of
// Dollars, Seasonally Adjusted Annual Rate" gives 1e9 and "dollars".
func levelUnit(unit string) (float64, string) {
	u := strings.ToLower(unit)
	for _, p := range unitNoise {
		for containsWord(u, p) {
			k := wordIndex(u, p)
			u = u[:k] + " " + u[k+len(p):]
		}
	}
	f, base := unitScale(strings.NewReplacer(",", " ", ";", " ").Replace(u))
	return f, base
}

// currencyNames puts the ways catalogs write a currency under one name:
// FRED's "Dollars", WEO's "U.S. dollars", EVDS's "USD".
var currencyNames = map[string]string{
	"dollars": "usd", "dollar": "usd", "u.s. dollars": "usd", "u.s. dollar": "usd", "us dollars": "usd", "usd": "usd",
	"try": "try", "tl": "try", "turkish lira": "try", "lira": "try",
	"euro": "eur", "euros": "eur", "eur": "eur",
}

// level is the scale and base unit of an amount column, the base put in a
// canonical name; a unit that is only a scale ("Millions", as FRED's
// listing gives some rows) takes the base of the first amount in the
// expression that names one.
func (c *exprCompiler) level(col *Column) (float64, string) {
	f, base := levelUnit(col.Unit)
	if b, ok := currencyNames[base]; ok {
		base = b
	}
	if base == "" {
		for _, v := range c.vars {
			if ClassifyUnit(v.col.Unit) != KindLevel || isRatioUnit(v.col.Unit) {
				continue
			}
			_, b := levelUnit(v.col.Unit)
			if b != "" {
				if cb, ok := currencyNames[b]; ok {
					b = cb
				}
				return f, b
			}
		}
	}
	return f, base
}

func wordIndex(s, phrase string) int {
	for i := 0; ; {
		k := strings.Index(s[i:], phrase) + i
		end := k + len(phrase)
		if (k == 0 || !isLetter(s[k-1])) && (end == len(s) || !isLetter(s[end])) {
			return k
		}
		i = k + 1
	}
}

// isRatioUnit reports a unit that is a pure number (a ratio, proportion).
func isRatioUnit(unit string) bool {
	u := strings.ToLower(strings.TrimSpace(unit))
	return u == "ratio" || u == "proportion" || u == "fraction" || u == "number" || strings.HasPrefix(u, "ratio ")
}

// columnUnit is the unit of a column variable, in the scale the expression
// put it in.
func (c *exprCompiler) columnUnit(col *Column) uinfo {
	switch ClassifyUnit(col.Unit) {
	case KindPercent:
		return uinfo{kind: uPercent, text: col.Unit}
	case KindIndex:
		return uinfo{kind: uIndex, text: col.Unit}
	}
	if isRatioUnit(col.Unit) {
		return uinfo{kind: uRatio, text: "Ratio"}
	}
	_, base := c.level(col)
	text := col.Unit
	for _, v := range c.vars { // the first column of this base sets the scale
		if ClassifyUnit(v.col.Unit) == KindLevel && !isRatioUnit(v.col.Unit) {
			if _, b := c.level(v.col); b == base {
				text = v.col.Unit
				break
			}
		}
	}
	return uinfo{kind: uLevel, base: base, text: text}
}

func (c *exprCompiler) note(s string) {
	if !slices.Contains(c.notes, s) {
		c.notes = append(c.notes, s)
	}
}

// scaleUnits sets each variable's factor: amounts of one base unit in the
// first one's scale, per-period flows annualized against annual-rate
// flows. It notes what it did, and how the inputs were made.
func (c *exprCompiler) scaleUnits(_ *enode) {
	type ref struct {
		factor float64
		col    *Column
	}
	refs := map[string]ref{}
	annual := map[string]*Column{} // base → a column at an annual rate
	for _, v := range c.vars {
		if ClassifyUnit(v.col.Unit) == KindLevel && !isRatioUnit(v.col.Unit) && isAnnualRate(v.col) {
			_, base := c.level(v.col)
			if annual[base] == nil {
				annual[base] = v.col
			}
		}
	}
	ppy := PeriodsPerYear(c.t.Frequency)
	nationals := map[*Column]bool{}
	defer func() {
		if len(nationals) > 1 {
			c.warns = appendNew(c.warns, "several inputs are in national currency: if they are different countries', the result mixes currencies")
		}
	}()
	for i := range c.vars {
		v := &c.vars[i]
		col := v.col
		if ClassifyUnit(col.Unit) != KindLevel || isRatioUnit(col.Unit) {
			continue
		}
		f, base := c.level(col)
		if _, own := levelUnit(col.Unit); own == "" && base != "" {
			c.note(fmt.Sprintf("%s's unit (%s) names only a scale: taken to be in the same unit as the other amounts (%s)", col.Name, col.Unit, base))
		}
		if base == "national currency" {
			nationals[col] = true
		}
		r, ok := refs[base]
		if !ok {
			refs[base] = ref{f, col}
		} else if f != r.factor {
			v.factor = f / r.factor
			c.note(fmt.Sprintf("%s is in %s and %s in %s: %s multiplied by %s to put it in %s",
				col.Name, col.Unit, r.col.Name, r.col.Unit, col.Name, formatFactor(v.factor), r.col.Unit))
		}
		ar := annual[base]
		if ar == nil || ar == col || ppy <= 1 {
			continue
		}
		switch {
		case isAnnualRate(col):
		case col.Aggregation == AggSum:
			v.factor *= float64(ppy)
			c.note(fmt.Sprintf("%s is a %s flow counted per %s and %s is at an annual rate: %s multiplied by %d to an annual rate",
				col.Name, FrequencyName(c.t.Frequency), periodNoun(c.t.Frequency), ar.Name, col.Name, ppy))
		default:
			c.note(fmt.Sprintf("%s is a %s flow at an annual rate (each value is a year's worth); used as is against %s, which is not a per-%s flow (a stock or level): the result compares %s with a year of %s",
				ar.Name, FrequencyName(c.t.Frequency), col.Name, periodNoun(c.t.Frequency), col.Name, ar.Name))
		}
	}
	for _, col := range c.inputs {
		switch {
		case Coarser(col.SourceFrequency, c.t.Frequency):
			c.note(fmt.Sprintf("%s is %s in a %s table: the result has values only in the first %s of each %s",
				col.Name, FrequencyName(col.SourceFrequency), FrequencyName(c.t.Frequency), periodNoun(c.t.Frequency), periodNoun(col.SourceFrequency)))
		case col.Derivation == nil && Coarser(c.t.Frequency, col.SourceFrequency):
			c.note(fmt.Sprintf("%s was aggregated in this table from %s to %s (%s)", col.Name,
				FrequencyName(col.SourceFrequency), FrequencyName(c.t.Frequency), methodWords(col.Method)))
		}
	}
}

// methodWords says an aggregation method in words.
func methodWords(m string) string {
	switch m {
	case AggAverage:
		return "average"
	case AggSum:
		return "sum"
	case AggLast:
		return "end-of-period value"
	case AggFirst:
		return "start-of-period value"
	}
	return m
}

func formatFactor(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// unitOf works out the unit of n, refusing sums and differences of units
// of different kinds, and multiplying a ratio by 100 where it meets a
// percent.
func (c *exprCompiler) unitOf(n *enode) (uinfo, error) {
	switch n.op {
	case "num":
		return uinfo{kind: uNum, text: "Number"}, nil
	case "var":
		return c.columnUnit(c.vars[n.v].col), nil
	case "neg":
		return c.unitOf(n.args[0])
	case "call":
		return c.callUnit(n)
	}
	l, err := c.unitOf(n.args[0])
	if err != nil {
		return uinfo{}, err
	}
	r, err := c.unitOf(n.args[1])
	if err != nil {
		return uinfo{}, err
	}
	switch n.op {
	case "+", "-":
		return c.sumUnit(n, 0, 1, l, r)
	case "*":
		switch {
		case l.kind == uNum && r.kind == uNum:
			return l, nil
		case l.kind == uNum || r.kind == uNum:
			num, x := n.args[0], r
			if r.kind == uNum {
				num, x = n.args[1], l
			}
			if k, ok := constant(num); ok {
				return scaled(x, k), nil
			}
			return x, nil
		case l.kind == uRatio:
			return scaled(r, l.factor()), nil
		case r.kind == uRatio:
			return scaled(l, r.factor()), nil
		}
		return uinfo{kind: uOther, text: l.text + " × " + r.text}, nil
	case "/":
		switch {
		case r.kind == uNum:
			if k, ok := constant(n.args[1]); ok && k != 0 {
				return scaled(l, 1/k), nil
			}
			return l, nil
		case l.kind == r.kind && l.kind == uLevel && l.base == r.base,
			l.kind == r.kind && (l.kind == uPercent || l.kind == uIndex || l.kind == uRatio):
			return scaled(uinfo{kind: uRatio, text: "Ratio"}, l.factor()/r.factor()), nil
		case r.kind == uRatio:
			return scaled(l, 1/r.factor()), nil
		case l.kind == uNum:
			return uinfo{kind: uOther, text: "1 / " + r.text}, nil
		}
		return uinfo{kind: uOther, text: l.text + " per " + r.text}, nil
	}
	// "^"
	if r.kind == uNum && n.args[1].op == "num" && n.args[1].num == 1 {
		return l, nil
	}
	if l.kind == uNum && r.kind == uNum {
		return l, nil
	}
	// "(gdp / lag(gdp))^4": a ratio to a power is a ratio (its scale
	// factor raised with it).
	if k, ok := constant(n.args[1]); ok && l.kind == uRatio {
		return scaled(uinfo{kind: uRatio, text: "Ratio"}, math.Pow(l.factor(), k)), nil
	}
	return uinfo{kind: uOther, text: "(" + l.text + ")^" + c.print(n.args[1], false)}, nil
}

// sumUnit checks that operands i and j of n can be added or subtracted.
func (c *exprCompiler) sumUnit(n *enode, i, j int, l, r uinfo) (uinfo, error) {
	switch {
	case l.kind == uNum:
		return r, nil
	case r.kind == uNum:
		return l, nil
	case l.kind == uOther || r.kind == uOther:
		c.warns = appendNew(c.warns, fmt.Sprintf("units not checked in %s", c.print(n, false)))
		return uinfo{kind: uOther, text: "unit not checked"}, nil
	case l.kind == uLevel && r.kind == uLevel:
		if l.base != r.base {
			return uinfo{}, c.kindError(n, i, j, l, r, "the units differ")
		}
		return l, nil
	case l.kind == uPercent && r.kind == uPercent:
		if n.op == "-" {
			return uinfo{kind: uPercent, text: "Percentage points"}, nil
		}
		return l, nil
	case l.kind == uIndex && r.kind == uIndex:
		if !sameUnit(l.text, r.text) {
			return uinfo{}, c.kindError(n, i, j, l, r, "indexes on different bases; rebase both first")
		}
		return l, nil
	case l.kind == uRatio && r.kind == uRatio:
		return l, nil
	case l.kind == uPercent && r.kind == uRatio, l.kind == uRatio && r.kind == uPercent:
		k := j
		if l.kind == uRatio {
			k = i
		}
		side := n.args[k]
		c.note(fmt.Sprintf("%s is a ratio and meets a percent: multiplied by 100", c.print(side, false)))
		n.args[k] = &enode{op: "*", args: []*enode{{op: "num", num: 100, pos: side.pos}, side}, pos: side.pos}
		out := l
		if l.kind == uRatio {
			out = r
		}
		if n.op == "-" {
			out = uinfo{kind: uPercent, text: "Percentage points"}
		}
		return out, nil
	}
	return uinfo{}, c.kindError(n, i, j, l, r, "units differ in kind")
}

func (c *exprCompiler) kindError(n *enode, i, j int, l, r uinfo, why string) error {
	verb := "add"
	if n.op == "-" {
		verb = "subtract"
	}
	return fmt.Errorf("%w: expression %q, character %d: cannot %s %s [%s] and %s [%s]: %s",
		ErrIncompatible, c.src, n.pos+1, verb, c.print(n.args[i], false), l.text, c.print(n.args[j], false), r.text, why)
}

// callUnit is the unit of a function's result.
func (c *exprCompiler) callUnit(n *enode) (uinfo, error) {
	us := make([]uinfo, len(n.args))
	for i, a := range n.args {
		u, err := c.unitOf(a)
		if err != nil {
			return uinfo{}, err
		}
		us[i] = u
	}
	switch n.fn {
	case "abs":
		return us[0], nil
	case "min", "max":
		return c.sumUnit(n, 0, 1, us[0], us[1])
	}
	if us[0].kind == uNum && (len(us) == 1 || us[1].kind == uNum) {
		return us[0], nil
	}
	if n.fn == "log" || n.fn == "log10" {
		return uinfo{kind: uOther, text: n.fn + " of " + us[0].text}, nil
	}
	return uinfo{kind: uOther, text: n.fn + " of " + us[0].text}, nil
}

// precedence of an enode when printed.
func precedence(n *enode) int {
	switch n.op {
	case "+", "-":
		return 1
	case "*", "/":
		return 2
	case "neg":
		return 3
	case "^":
		return 4
	}
	return 5
}

// print writes n as an expression: for display with column names (and [t],
// [t-4] when the expression lags a column) and the scale factors applied,
// or for expr-lang with variables v0, v1… and float literals.
func (c *exprCompiler) print(n *enode, compiled bool) string {
	switch n.op {
	case "num":
		if compiled {
			s := strconv.FormatFloat(n.num, 'f', -1, 64)
			if !strings.Contains(s, ".") {
				s += ".0"
			}
			return s
		}
		return strconv.FormatFloat(n.num, 'g', -1, 64)
	case "var":
		v := c.vars[n.v]
		s := varName(n.v)
		if !compiled {
			s = v.col.Name
			if c.maxLag > 0 {
				if v.lag > 0 {
					s += fmt.Sprintf("[t-%d]", v.lag)
				} else {
					s += "[t]"
				}
			}
		}
		if v.factor != 1 {
			f := formatFactor(v.factor)
			if compiled {
				f = c.print(&enode{op: "num", num: v.factor}, true)
			}
			s = "(" + f + " * " + s + ")"
		}
		return s
	case "neg":
		x := c.print(n.args[0], compiled)
		if precedence(n.args[0]) < 3 {
			x = "(" + x + ")"
		}
		return "-" + x
	case "call":
		args := make([]string, len(n.args))
		for i, a := range n.args {
			args[i] = c.print(a, compiled)
		}
		return n.fn + "(" + strings.Join(args, ", ") + ")"
	}
	p := precedence(n)
	l, r := c.print(n.args[0], compiled), c.print(n.args[1], compiled)
	if pl := precedence(n.args[0]); pl < p || (n.op == "^" && pl == p) {
		l = "(" + l + ")"
	}
	if pr := precedence(n.args[1]); pr < p || (pr == p && (n.op == "-" || n.op == "/")) {
		r = "(" + r + ")"
	}
	return l + " " + n.op + " " + r
}
