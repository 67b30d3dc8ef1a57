package sim

import "testing"

// A row at current prices rarely says "nominal": it is nominal unless its
// words say it is real, so "nominal GDP" prefers the plain row to a real one
// and to a row that spells "nominal" out but adds words the request did not ask.
func TestScoreReadsNominalAsNotReal(t *testing.T) {
	s := subject{phrase: "nominal gdp", terms: terms("nominal gdp")}
	plain := Candidate{ID: "fred:GDP", Title: "Gross Domestic Product", Unit: "Billions of Dollars", Freq: "Q"}
	real := Candidate{ID: "fred:GDPC1", Title: "Real Gross Domestic Product", Unit: "Billions of Chained 2017 Dollars", Freq: "Q"}
	spelled := Candidate{ID: "ifs:NGDP_SA_XDC.US", Title: "Gross Domestic Product, Nominal, Seasonally Adjusted, Domestic Currency", Unit: "Domestic currency", Freq: "Q"}
	sp, okp := score(s, plain, "Q")
	sr, _ := score(s, real, "Q")
	ss, _ := score(s, spelled, "Q")
	if !okp {
		t.Fatalf("the plain GDP row is not decidable for %q", s.phrase)
	}
	if sp <= sr {
		t.Errorf("plain %.3f not above real %.3f", sp, sr)
	}
	if sp <= ss {
		t.Errorf("plain %.3f not above the row with extra words %.3f", sp, ss)
	}
}

// A unit written after a list ("revenue and spending, % of GDP") asks for
// it in every part of the list, whether it is spelled "%" or "percent".
func TestUnitAppliesToEveryListPart(t *testing.T) {
	for _, text := range []string{
		"Government revenue and total expenditure as % of GDP in Norway.",
		"Revenue and spending, percent of GDP, Norway",
	} {
		in := understand(text, nil)
		if len(in.subjects) != 2 {
			t.Fatalf("%q: %d subjects, want 2: %+v", text, len(in.subjects), in.subjects)
		}
		for _, s := range in.subjects {
			if s.unit != "percent of gdp" {
				t.Errorf("%q: subject %q has unit %q, want percent of gdp", text, s.phrase, s.unit)
			}
		}
	}
}
