package sim

import "testing"

func TestRespellRequestWords(t *testing.T) {
	for in, want := range map[string]string{
		"hmm, swtich those to ppp":      "hmm, switch those to ppp",
		"keep sa, but make it quartely": "keep sa, but make it quarterly",
		"divide exports by imports":     "divide exports by imports", // a request word itself
		"prime minus fed funds":         "prime minus fed funds",     // no request word is one slip away
		"chnage the base to 2015":       "change the base to 2015",
		"plot it":                       "plot it", // short words are left alone
	} {
		if got := respellRequestWords(in); got != want {
			t.Errorf("respell(%q) = %q, want %q", in, got, want)
		}
	}
}
