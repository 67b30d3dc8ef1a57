package catalogsrc_test

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/internal/testenv"
)

// realFrequencies is every distinct frequency text of the real catalog
// and observation files (see TestParseFrequencyRealFiles), with what it
// means. Multiples of years have no Frequency and stay Unknown.
var realFrequencies = map[string]catalogsrc.Frequency{
	// EVDS 2024 (cbrt_allseries.csv freqname).
	"Day": catalogsrc.Daily, "Work day": catalogsrc.Daily, "Week": catalogsrc.Weekly,
	"Month": catalogsrc.Monthly, "Quarter": catalogsrc.Quarterly, "Six months": catalogsrc.Semiannual,
	"Year": catalogsrc.Annual, "NA": catalogsrc.Unknown,
	// EVDS 2020 (FREQUENCY_STR) and 2025 Turkish index.
	"GÜNLÜK": catalogsrc.Daily, "İŞ GÜNÜ": catalogsrc.Daily, "HAFTALIK(CUMA)": catalogsrc.Weekly,
	"HAFTALIK(CUMA)(CUMA)": catalogsrc.Weekly, "HAFTALIK(ÇARŞAMBA)": catalogsrc.Weekly,
	"AYDA İKİ KEZ": catalogsrc.Biweekly, "AYLIK": catalogsrc.Monthly, "AYLIK(SON İŞGÜNÜ)": catalogsrc.Monthly,
	"ÜÇ AYLIK": catalogsrc.Quarterly, "ALTI AYLIK": catalogsrc.Semiannual, "YILLIK": catalogsrc.Annual,
	"": catalogsrc.Unknown,
	// EVDS 2025 English index.
	"DAILY": catalogsrc.Daily, "BUSINESS DAILY": catalogsrc.Daily, "WEEKLY (FRIDAY)": catalogsrc.Weekly,
	"MONTHLY": catalogsrc.Monthly, "QUARTERLY": catalogsrc.Quarterly, "YEARLY": catalogsrc.Annual,
	// FRED release listing (cut to 18 characters) and series info.
	"Daily": catalogsrc.Daily, "Daily, 7-Day": catalogsrc.Daily, "Daily, Close": catalogsrc.Daily,
	"Weekly": catalogsrc.Weekly, "Weekly, As of Wedn": catalogsrc.Weekly, "Weekly, As of Mond": catalogsrc.Weekly,
	"Weekly, As of Thur": catalogsrc.Weekly, "Weekly, Ending Wed": catalogsrc.Weekly,
	"Weekly, Ending Sat": catalogsrc.Weekly, "Weekly, Ending Fri": catalogsrc.Weekly,
	"Weekly, Ending Mon": catalogsrc.Weekly, "Weekly, Ending Thu": catalogsrc.Weekly,
	"Weekly, Ending Saturday": catalogsrc.Weekly, "Weekly, Ending Wednesday": catalogsrc.Weekly,
	"Weekly, Ending Monday": catalogsrc.Weekly, "Weekly, As of Wednesday": catalogsrc.Weekly,
	"Weekly, Ending Friday": catalogsrc.Weekly, "Weekly, Ending Thursday": catalogsrc.Weekly,
	"Biweekly": catalogsrc.Biweekly, "Biweekly, Ending W": catalogsrc.Biweekly,
	"Biweekly, Beg. of": catalogsrc.Biweekly, "Biweekly, Ending M": catalogsrc.Biweekly,
	"Monthly": catalogsrc.Monthly, "Monthly, End of Pe": catalogsrc.Monthly, "Monthly, End of Mo": catalogsrc.Monthly,
	"Monthly, Middle of": catalogsrc.Monthly, "Monthly, Saturday": catalogsrc.Monthly,
	"Monthly, Beginning": catalogsrc.Monthly, "Monthly, Middle an": catalogsrc.Monthly,
	"Monthly, As of 15t": catalogsrc.Monthly, "Monthly, End of Period": catalogsrc.Monthly,
	"Monthly, End of Month": catalogsrc.Monthly,
	"Quarterly":             catalogsrc.Quarterly, "Quarterly, 2nd Mon": catalogsrc.Quarterly,
	"Quarterly, End of": catalogsrc.Quarterly, "Quarterly, Sum": catalogsrc.Quarterly,
	"Quarterly, Beginni": catalogsrc.Quarterly, "Quarterly, End of Period": catalogsrc.Quarterly,
	"Quarterly, End of Quarter": catalogsrc.Quarterly,
	"Semiannual":                catalogsrc.Semiannual, "Semiannual, End of": catalogsrc.Semiannual,
	"Annual": catalogsrc.Annual, "Annual, End of Per": catalogsrc.Annual, "Annual, End of Year": catalogsrc.Annual,
	"Annual, Fiscal Year": catalogsrc.Annual, "Annual, As of July": catalogsrc.Annual,
	"Annual, As of Janu": catalogsrc.Annual, "Annual, As of Febr": catalogsrc.Annual,
	"5 Year": catalogsrc.Unknown, "10 Year": catalogsrc.Unknown, "Not Applicable": catalogsrc.Unknown,
	// WDI Periodicity.
	"Every two years": catalogsrc.Unknown, "Quarterly (represented as Annual)": catalogsrc.Annual,
	// IFS observations and BIS series-key letters.
	"Q": catalogsrc.Quarterly, "M": catalogsrc.Monthly,
}

// otherSpellings are spellings not in the real files that sources and
// analysts write.
var otherSpellings = map[string]catalogsrc.Frequency{
	"d": catalogsrc.Daily, "B": catalogsrc.Daily, "W": catalogsrc.Weekly, "BW": catalogsrc.Biweekly,
	"S": catalogsrc.Semiannual, "A": catalogsrc.Annual, "Y": catalogsrc.Annual,
	"  monthly  ": catalogsrc.Monthly, "İş günü": catalogsrc.Daily, "is gunu": catalogsrc.Daily,
	"ıs gunu": catalogsrc.Daily, "Günlük": catalogsrc.Daily, "gunluk": catalogsrc.Daily,
	"Bi-weekly": catalogsrc.Biweekly, "2 HAFTALIK": catalogsrc.Biweekly,
	"İKİ HAFTALIK": catalogsrc.Biweekly, "Ayda iki kez": catalogsrc.Biweekly, "twice a month": catalogsrc.Biweekly,
	"Semi-monthly": catalogsrc.Biweekly, "uc aylik": catalogsrc.Quarterly, "3 AYLIK": catalogsrc.Quarterly,
	"Semi-annual": catalogsrc.Semiannual, "half-yearly": catalogsrc.Semiannual, "6 months": catalogsrc.Semiannual,
	"6 AYLIK": catalogsrc.Semiannual, "twice a year": catalogsrc.Semiannual, "annually": catalogsrc.Annual,
	"Weekly (represented as Monthly)": catalogsrc.Monthly,
	// Not frequencies, or too vague.
	"X": catalogsrc.Unknown, "SA": catalogsrc.Unknown, "Irregular": catalogsrc.Unknown,
	"a month": catalogsrc.Unknown, "per day": catalogsrc.Unknown, "biennial": catalogsrc.Unknown,
	"represented as": catalogsrc.Unknown, "Annual (represented as)": catalogsrc.Annual,
	"(": catalogsrc.Unknown, "Monthly\x00": catalogsrc.Monthly,
}

func TestParseFrequency(t *testing.T) {
	for _, table := range []map[string]catalogsrc.Frequency{realFrequencies, otherSpellings} {
		for text, want := range table {
			if got := catalogsrc.ParseFrequency(text); got != want {
				t.Errorf("ParseFrequency(%q) = %q, want %q", text, got, want)
			}
		}
	}
}

// TestParseFrequencyRealFiles reads every frequency column of the shared
// real files and checks that each distinct text is in realFrequencies, so
// that a spelling nobody looked at fails here rather than becoming
// Unknown unnoticed.
func TestParseFrequencyRealFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 50 MB of real files")
	}
	dir := testenv.SharedPath(t, "catalogs")
	type column struct {
		file, name string
		comma      rune
		first      func(string) string // the part of the cell that is frequency text
	}
	columns := []column{
		{"evds/cbrt_allseries.csv", "freqname", ',', nil},
		{"evds/cbrt_meta_data_2020.csv", "FREQUENCY_STR", ',', nil},
		{"fred/fred_release_series.csv", "frequency", ',', nil},
		{"fred/fred-series-info.txt", "Frequency", '\t', nil},
		{"wdi/WDISeries.csv", "Periodicity", ',', nil},
		{"observations/imf/IFS_NGDP_SA_XDC_US_CA_MX.csv", "frequency", ';', nil},
		{"observations/bis/policy_rates_monthly.csv", "series_key", ',', func(key string) string {
			letter, _, _ := strings.Cut(key, ".")
			return letter
		}},
	}
	for _, c := range columns {
		texts := csvColumn(t, filepath.Join(dir, c.file), c.name, c.comma)
		for text, line := range texts {
			if c.first != nil {
				text = c.first(text)
			}
			checkReal(t, c.file+":"+strconv.Itoa(line), text)
		}
	}
	for _, lang := range []string{"en", "tr"} {
		file := "evds/evds_index_" + lang + ".json"
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		var index map[string][]string
		if err := json.Unmarshal(data, &index); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for code, v := range index {
			if len(v) > 1 {
				checkReal(t, file+" "+code, v[1])
			}
		}
	}
}

func checkReal(t *testing.T, where, text string) {
	t.Helper()
	want, ok := realFrequencies[text]
	if !ok {
		t.Errorf("%s: frequency text %q is not in realFrequencies (ParseFrequency gives %q)", where, text, catalogsrc.ParseFrequency(text))
		return
	}
	if got := catalogsrc.ParseFrequency(text); got != want {
		t.Errorf("%s: ParseFrequency(%q) = %q, want %q", where, text, got, want)
	}
}

// csvColumn returns the distinct values of one column, each with the first
// line it is on.
func csvColumn(t *testing.T, path, name string, comma rune) map[string]int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma, r.FieldsPerRecord, r.LazyQuotes, r.ReuseRecord = comma, -1, true, true
	header, err := r.Read()
	if err != nil {
		t.Fatalf("%s: header: %v", path, err)
	}
	col := -1
	for i, h := range header {
		if strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")) == name {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("%s: no column %q in %q", path, name, header)
	}
	out := map[string]int{}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if col < len(rec) {
			if _, seen := out[rec[col]]; !seen {
				line, _ := r.FieldPos(0)
				out[rec[col]] = line
			}
		}
	}
}

var validFrequencies = map[catalogsrc.Frequency]bool{
	catalogsrc.Unknown: true, catalogsrc.Daily: true, catalogsrc.Weekly: true, catalogsrc.Biweekly: true,
	catalogsrc.Monthly: true, catalogsrc.Quarterly: true, catalogsrc.Semiannual: true, catalogsrc.Annual: true,
}

func FuzzParseFrequency(f *testing.F) {
	for text := range realFrequencies {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := catalogsrc.ParseFrequency(text)
		if !validFrequencies[got] {
			t.Fatalf("ParseFrequency(%q) = %q, not a Frequency", text, got)
		}
		ascii := true
		for i := 0; i < len(text); i++ {
			ascii = ascii && text[i] < 0x80
		}
		if !ascii {
			return
		}
		for _, v := range []string{strings.ToUpper(text), strings.ToLower(text), "  " + text + "\t"} {
			if g := catalogsrc.ParseFrequency(v); g != got {
				t.Errorf("ParseFrequency(%q) = %q but ParseFrequency(%q) = %q", text, got, v, g)
			}
		}
	})
}

func BenchmarkParseFrequency(b *testing.B) {
	texts := make([]string, 0, len(realFrequencies))
	for text := range realFrequencies {
		texts = append(texts, text)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		catalogsrc.ParseFrequency(texts[i%len(texts)])
	}
}
