package analysis

import "strings"

// UnitKind is the broad kind of a unit, used to refuse derivations that mix
// kinds (a spread of an index and a percent).
type UnitKind int

// Unit kinds.
const (
	KindLevel   UnitKind = iota // amounts in some unit: dollars, persons, tonnes
	KindPercent                 // percents, rates, percentage points
	KindIndex                   // index numbers ("Index 2015=100")
)

func (k UnitKind) String() string {
	switch k {
	case KindPercent:
		return "percent"
	case KindIndex:
		return "index"
	}
	return "level"
}

// ClassifyUnit gives the kind of a unit text.
func ClassifyUnit(unit string) UnitKind {
	u := strings.ToLower(unit)
	switch {
	case strings.Contains(u, "percent"), strings.Contains(u, "per cent"), strings.Contains(u, "%"),
		strings.Contains(u, "percentage point"), strings.Contains(u, "basis point"),
		strings.HasPrefix(strings.TrimSpace(u), "rate"), strings.Contains(u, "yüzde"):
		return KindPercent
	case strings.Contains(u, "index"), strings.Contains(u, "=100"), strings.Contains(u, "= 100"), strings.Contains(u, "endeks"):
		return KindIndex
	}
	return KindLevel
}

// scaleWords maps scale words found in unit texts to their factor.
var scaleWords = []struct {
	word   string
	factor float64
}{
	{"thousands", 1e3}, {"thousand", 1e3}, {"millions", 1e6}, {"million", 1e6},
	{"billions", 1e9}, {"billion", 1e9}, {"trillions", 1e12}, {"trillion", 1e12},
}

// unitScale splits a level unit into a scale factor and the base unit:
// "Millions of Dollars" gives 1e6 and "dollars".
func unitScale(unit string) (float64, string) {
	fields := strings.Fields(strings.ToLower(unit))
	factor := 1.0
	var base []string
	for _, f := range fields {
		f = strings.Trim(f, "(),")
		matched := false
		for _, sw := range scaleWords {
			if f == sw.word {
				factor *= sw.factor
				matched = true
				break
			}
		}
		if matched || f == "of" || f == "" {
			continue
		}
		base = append(base, f)
	}
	return factor, strings.Join(base, " ")
}

// sameUnit reports whether two unit texts name the same unit, ignoring case
// and spacing.
func sameUnit(a, b string) bool {
	return strings.Join(strings.Fields(strings.ToLower(a)), " ") == strings.Join(strings.Fields(strings.ToLower(b)), " ")
}
