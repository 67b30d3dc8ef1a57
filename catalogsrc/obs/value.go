package obs

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ErrBadValue is wrapped by ParseValue's errors.
var ErrBadValue = errors.New("obs: bad value")

// ValueSyntax says which number forms ParseValue accepts besides plain
// decimals ("-1.5", "2e6").
type ValueSyntax struct {
	// Missing lists the texts (compared after trimming, case-insensitively)
	// that mean "no value"; the empty string always does.
	Missing []string
	// Grouped accepts thousands separators: "1,234.5" (groups of three digits).
	Grouped bool
}

// ParseValue reads one value. ok is false (with a nil error) for a missing
// value. Only decimal notation is accepted: no hex, no underscores, no NaN
// or infinities.
func (vs ValueSyntax) ParseValue(text string) (v float64, ok bool, err error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return 0, false, nil
	}
	for _, m := range vs.Missing {
		if strings.EqualFold(s, m) {
			return 0, false, nil
		}
	}
	if vs.Grouped && strings.Contains(s, ",") {
		s, err = ungroup(s)
		if err != nil {
			return 0, false, fmt.Errorf("%w %q: %w", ErrBadValue, Truncate(text), err)
		}
	}
	if !decimalSyntax(s) {
		return 0, false, fmt.Errorf("%w %q: not a decimal number", ErrBadValue, Truncate(text))
	}
	v, err = strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false, fmt.Errorf("%w %q: out of range", ErrBadValue, Truncate(text))
	}
	return v, true, nil
}

// ungroup drops thousands separators after checking their placement.
func ungroup(s string) (string, error) {
	intPart, frac := s, ""
	if i := strings.IndexAny(s, ".eE"); i >= 0 {
		intPart, frac = s[:i], s[i:]
	}
	if strings.Contains(frac, ",") {
		return "", errors.New("thousands separator after the decimal point")
	}
	sign := ""
	if intPart != "" && (intPart[0] == '-' || intPart[0] == '+') {
		sign, intPart = intPart[:1], intPart[1:]
	}
	groups := strings.Split(intPart, ",")
	if len(groups[0]) < 1 || len(groups[0]) > 3 {
		return "", errors.New("misplaced thousands separator")
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return "", errors.New("misplaced thousands separator")
		}
	}
	return sign + strings.Join(groups, "") + frac, nil
}

// decimalSyntax accepts [sign] digits [. digits] [e [sign] digits] with at
// least one digit in the mantissa.
func decimalSyntax(s string) bool {
	i, n := 0, len(s)
	if i < n && (s[i] == '+' || s[i] == '-') {
		i++
	}
	mant := 0
	for i < n && s[i] >= '0' && s[i] <= '9' {
		i, mant = i+1, mant+1
	}
	if i < n && s[i] == '.' {
		i++
		for i < n && s[i] >= '0' && s[i] <= '9' {
			i, mant = i+1, mant+1
		}
	}
	if mant == 0 {
		return false
	}
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < n && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for i < n && s[i] >= '0' && s[i] <= '9' {
			i, exp = i+1, exp+1
		}
		if exp == 0 {
			return false
		}
	}
	return i == n
}
