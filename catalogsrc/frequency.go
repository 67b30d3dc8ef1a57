package catalogsrc

import "strings"

// Frequency is a normalised observation frequency.
type Frequency string

// Frequencies, from finest to coarsest.
const (
	Unknown    Frequency = ""
	Daily      Frequency = "D"
	Weekly     Frequency = "W"
	Biweekly   Frequency = "BW"
	Monthly    Frequency = "M"
	Quarterly  Frequency = "Q"
	Semiannual Frequency = "S"
	Annual     Frequency = "A"
)

// ParseFrequency maps a source's frequency text (English or Turkish, long or
// short) to a Frequency; unrecognised text gives Unknown.
func ParseFrequency(text string) Frequency {
	t := strings.ToUpper(strings.TrimSpace(text))
	switch {
	case t == "":
		return Unknown
	case t == "D" || strings.HasPrefix(t, "DAILY") || strings.HasPrefix(t, "GÜNLÜK") || strings.HasPrefix(t, "GUNLUK") || t == "BUSINESS":
		return Daily
	case strings.HasPrefix(t, "BIWEEKLY") || strings.HasPrefix(t, "BI-WEEKLY") || t == "BW" || strings.HasPrefix(t, "2 HAFTALIK") || strings.HasPrefix(t, "İKİ HAFTALIK"):
		return Biweekly
	case t == "W" || strings.HasPrefix(t, "WEEK") || strings.HasPrefix(t, "HAFTALIK"):
		return Weekly
	case t == "M" || strings.HasPrefix(t, "MONTH") || strings.HasPrefix(t, "AYLIK"):
		return Monthly
	case t == "Q" || strings.HasPrefix(t, "QUARTER") || strings.HasPrefix(t, "ÜÇ AYLIK") || strings.HasPrefix(t, "UC AYLIK") || strings.HasPrefix(t, "3 AYLIK"):
		return Quarterly
	case t == "S" || strings.HasPrefix(t, "SEMI") || strings.HasPrefix(t, "6 MONTH") || strings.HasPrefix(t, "ALTI AYLIK") || strings.HasPrefix(t, "6 AYLIK"):
		return Semiannual
	case t == "A" || t == "Y" || strings.HasPrefix(t, "ANNUAL") || strings.HasPrefix(t, "YEAR") || strings.HasPrefix(t, "YILLIK"):
		return Annual
	}
	return Unknown
}
