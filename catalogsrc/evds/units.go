package evds

import (
	"regexp"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
)

// unitWords recognises a parenthesised name part that states a unit:
// a currency, a scale, a percentage, an index base or a physical unit.
var unitWords = regexp.MustCompile(`(?i)(\b(TRY|TL|USD|EUR|EURO|GBP|JPY|CHF|SDR|DOLLARS?|LIRA|THOUSANDS?|MILLIONS?|BILLIONS?|PERCENT|PER CENT|INDEX|TONS?|TONNES?|NUMBER|PERSONS?|PEOPLE|UNITS?|KG|KM|M2|M3|DAYS?|HOURS?|RATIO|LEVEL|BASIS POINTS?)\b|%|=100)`)

// baseYear matches an index base written alone, "2003=100" or "2010 = 100".
var baseYear = regexp.MustCompile(`^\d{4}\s*=\s*100$`)

// UnitFromName returns the unit stated in a series or group name, taken
// from the rightmost parenthesised part that reads as a unit: "Gold(Million
// USD)" gives "Million USD", "TURKSTAT- Consumer Price Index (2003=100)"
// gives "Index 2003=100". It returns "" when the name states none.
func UnitFromName(name string) string {
	for end := strings.LastIndexByte(name, ')'); end > 0; end = strings.LastIndexByte(name[:end], ')') {
		start := strings.LastIndexByte(name[:end], '(')
		if start < 0 {
			return ""
		}
		part := strings.TrimSpace(name[start+1 : end])
		if strings.EqualFold(part, "archive") || !unitWords.MatchString(part) {
			end = start
			if end <= 0 {
				return ""
			}
			continue
		}
		if baseYear.MatchString(part) {
			return "Index " + strings.ReplaceAll(part, " ", "")
		}
		return part
	}
	return ""
}

// freqCodes are the 2024 file's numeric frequency codes.
var freqCodes = map[string]catalogsrc.Frequency{
	"1": catalogsrc.Daily, "2": catalogsrc.Daily, "3": catalogsrc.Weekly, "4": catalogsrc.Biweekly,
	"5": catalogsrc.Monthly, "6": catalogsrc.Quarterly, "7": catalogsrc.Semiannual, "8": catalogsrc.Annual,
}
