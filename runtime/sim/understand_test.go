package sim

import (
	"strings"
	"testing"
)

func TestUnderstandFindsSubjectsCountriesAndSteps(t *testing.T) {
	cases := []struct {
		text     string
		earlier  []string
		subjects []string // "terms|ISO3"
		derive   string
		cp       []string
		chart    bool
	}{
		{text: "Show me the US jobless rate and total nonfarm payrolls since 2000.",
			subjects: []string{"jobless rate|USA", "total nonfarm payroll|USA"}},
		{text: "Government gross debt as a share of GDP for Türkiye, Argentina and Brazil, from the IMF.",
			subjects: []string{"government gross debt share gdp|TUR", "government gross debt share gdp|ARG", "government gross debt share gdp|BRA"}},
		{text: "Add real GDP growth for the same three countries.", earlier: []string{"Debt for Türkiye, Argentina and Brazil."},
			subjects: []string{"real gdp growth|TUR", "real gdp growth|ARG", "real gdp growth|BRA"}},
		{text: "Business lending by US commercial banks versus the bank prime loan rate — build a monthly table.",
			subjects: []string{"business lending commercial bank|USA", "bank prime loan rate|USA"}},
		{text: "Add the central bank's policy rate and derive year-on-year inflation from the price index.", earlier: []string{"Prices in Türkiye?"},
			subjects: []string{"central bank policy rate|TUR"}, derive: "yoy_pct:price index"},
		{text: "Derive the 12-month change in payrolls.", derive: "diff:payroll"},
		{text: "Where did loan growth break? Chart it with the prime rate.", cp: []string{"loan growth"}, chart: true},
		{text: "Find the change points in the jobless rate and chart it.", cp: []string{"jobless rate"}, chart: true},
		{text: "Any structural breaks in the debt ratios? Draw the chart.", cp: []string{"debt ratio"}, chart: true},
	}
	for _, c := range cases {
		in := understand(c.text, c.earlier)
		var got []string
		for _, s := range in.subjects {
			got = append(got, strings.Join(s.terms, " ")+"|"+s.country.iso3)
		}
		if strings.Join(got, ";") != strings.Join(c.subjects, ";") {
			t.Errorf("%q: subjects %q, want %q", c.text, got, c.subjects)
		}
		if d := in.deriveOp + ":" + in.deriveTarget; c.derive != "" && d != c.derive || c.derive == "" && in.deriveOp != "" {
			t.Errorf("%q: derive %q, want %q", c.text, d, c.derive)
		}
		if strings.Join(in.cpTargets, ";") != strings.Join(c.cp, ";") {
			t.Errorf("%q: change-point targets %q, want %q", c.text, in.cpTargets, c.cp)
		}
		if in.chart != c.chart {
			t.Errorf("%q: chart %v, want %v", c.text, in.chart, c.chart)
		}
	}
}
