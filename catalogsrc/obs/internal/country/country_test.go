package country

import "testing"

func TestISO3FromName(t *testing.T) {
	for name, want := range map[string]string{
		"Türkiye": "TUR", "Turkey": "TUR", "Korea, Republic of": "KOR", "Saint Lucia": "LCA",
		"Bosnia and Herzegovina": "BIH", "Côte d'Ivoire": "CIV", "  united   states ": "USA",
		"Hong Kong SAR": "HKG", "Myanmar": "MMR", "Viet Nam": "VNM",
	} {
		if got, ok := ISO3FromName(name); !ok || got != want {
			t.Errorf("ISO3FromName(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	for _, name := range []string{"Narnia", "", "Euro area"} {
		if got, ok := ISO3FromName(name); ok {
			t.Errorf("ISO3FromName(%q) = %q, want not found", name, got)
		}
	}
}

func TestAlpha2AndNames(t *testing.T) {
	for code, want := range map[string]string{"US": "USA", "CA": "CAN", "MX": "MEX", "TR": "TUR"} {
		if got, ok := ISO3FromAlpha2(code); !ok || got != want {
			t.Errorf("ISO3FromAlpha2(%q) = %q, %v; want %q", code, got, ok, want)
		}
	}
	for _, code := range []string{"", "U2", "EU", "USA", "ZZ"} {
		if got, ok := ISO3FromAlpha2(code); ok {
			t.Errorf("ISO3FromAlpha2(%q) = %q, want not found", code, got)
		}
	}
	if n, ok := EnglishName("USA"); !ok || n != "United States" {
		t.Errorf("EnglishName(USA) = %q, %v", n, ok)
	}
}
