package query

import "testing"

func TestTitleMarks(t *testing.T) {
	p := Default()
	for _, c := range []struct {
		title          string
		total, generic bool
	}{
		{"0.GENERAL", true, true},
		{"TOPLAM", true, true},
		{"TOPLAM (Thousand TL)", true, false},
		{"Total (USD)", true, false},
		{"A.Total", true, true},
		{"I.TOTAL VOLUME OF LOANS(Thousand TL)", true, false},
		{"Consumer Price Index for All Urban Consumers: All Items in U.S. City Average", true, false},
		{"All Employees, Total Nonfarm", true, false},
		{"1.FOOD AND NON-ALCOHOLIC BEVERAGES", false, false},
		{"I.A.HOUSING(Thousand TL)", false, false},
		{"Unemployment Rate", false, false},
		{"General government gross debt", false, false},
		{"General Government: Total expenditure", true, false},
		{"", false, false},
	} {
		total, generic := p.TitleMarks(c.title)
		if total != c.total || generic != c.generic {
			t.Errorf("TitleMarks(%q) = total %v, generic %v; want %v, %v", c.title, total, generic, c.total, c.generic)
		}
	}
}
