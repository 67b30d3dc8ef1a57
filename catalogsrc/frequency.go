package catalogsrc

import (
	"strings"
	"unicode"

	"github.com/sextant-dev/sextant/internal/countries"
)

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

// frequencyCodes are the one- and two-letter codes, matched only as the
// whole text (the SDMX codes, "B" being SDMX's business daily, plus "Y"
// and "BW").
var frequencyCodes = map[string]Frequency{
	"d": Daily, "b": Daily, "w": Weekly, "bw": Biweekly, "m": Monthly,
	"q": Quarterly, "s": Semiannual, "a": Annual, "y": Annual,
}

// frequencyPhrases are the spellings met at the start of a frequency
// text, folded (lower case, no accents, Turkish dotless i as i) and with
// punctuation as spaces. What follows a phrase qualifies it and is
// ignored: "Weekly, Ending Friday", "HAFTALIK(CUMA)", "AYLIK(SON İŞGÜNÜ)".
// Multiples coarser than a year ("5 Year", "Every two years") are left
// out on purpose: no Frequency states them, so they stay Unknown.
var frequencyPhrases = map[string]Frequency{
	// Daily; "work day" and "business daily" are business-daily data.
	"daily": Daily, "day": Daily, "days": Daily, "business": Daily, "business day": Daily,
	"business days": Daily, "work day": Daily, "working day": Daily, "workday": Daily,
	"gunluk": Daily, "is gunu": Daily, "isgunu": Daily, "is gunleri": Daily,
	// Weekly.
	"weekly": Weekly, "week": Weekly, "haftalik": Weekly,
	// Every two weeks, and twice a month (~24 a year), its nearest.
	"biweekly": Biweekly, "bi weekly": Biweekly, "2 haftalik": Biweekly,
	"iki haftalik": Biweekly, "twice a month": Biweekly, "twice monthly": Biweekly,
	"semimonthly": Biweekly, "semi monthly": Biweekly, "ayda iki kez": Biweekly, "ayda 2 kez": Biweekly,
	// Monthly.
	"monthly": Monthly, "month": Monthly, "aylik": Monthly,
	// Quarterly.
	"quarterly": Quarterly, "quarter": Quarterly, "uc aylik": Quarterly, "3 aylik": Quarterly,
	"ceyreklik": Quarterly,
	// Twice a year.
	"semiannual": Semiannual, "semiannually": Semiannual, "semi annual": Semiannual,
	"semi annually": Semiannual, "half yearly": Semiannual, "halfyearly": Semiannual,
	"half year": Semiannual, "six months": Semiannual, "six monthly": Semiannual,
	"6 month": Semiannual, "6 months": Semiannual, "6 monthly": Semiannual,
	"twice a year": Semiannual, "twice yearly": Semiannual, "alti aylik": Semiannual, "6 aylik": Semiannual,
	// Yearly.
	"annual": Annual, "annually": Annual, "yearly": Annual, "year": Annual, "yillik": Annual,
}

// maxPhraseWords is the longest phrase's word count.
var maxPhraseWords = func() int {
	n := 0
	for p := range frequencyPhrases {
		n = max(n, strings.Count(p, " ")+1)
	}
	return n
}()

// ParseFrequency maps a source's frequency text to a Frequency. Case,
// accents and punctuation do not matter, so "İŞ GÜNÜ", "İş günü" and
// "is gunu" read alike. It knows English and Turkish words, long and
// short ("Day", "Work day", "BUSINESS DAILY", "AYDA İKİ KEZ", "Six
// months", "ÜÇ AYLIK"), and the one-letter codes (D, B, W, M, Q, S, A, Y;
// BW) when they are the whole text. Words after the frequency qualify it
// and are ignored ("Weekly, Ending Wednesday"); "X (represented as Y)"
// gives Y. Unrecognised text, and frequencies coarser than a year ("5
// Year"), give Unknown.
func ParseFrequency(text string) Frequency {
	words := frequencyWords(text)
	if len(words) == 0 {
		return Unknown
	}
	for i := 0; i+2 < len(words); i++ {
		if words[i] == "represented" && words[i+1] == "as" {
			return phraseFrequency(words[i+2:])
		}
	}
	if len(words) == 1 {
		if f, ok := frequencyCodes[words[0]]; ok {
			return f
		}
	}
	return phraseFrequency(words)
}

// phraseFrequency matches the longest known phrase that starts words.
func phraseFrequency(words []string) Frequency {
	for n := min(len(words), maxPhraseWords); n > 0; n-- {
		if f, ok := frequencyPhrases[strings.Join(words[:n], " ")]; ok {
			return f
		}
	}
	return Unknown
}

// frequencyWords folds text and splits it into words of letters and digits.
func frequencyWords(text string) []string {
	return strings.FieldsFunc(countries.Fold(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
