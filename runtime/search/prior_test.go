package search

import (
	"testing"

	"github.com/sextant-dev/sextant/runtime/query"
)

func TestShortnessFallsWithTopicWords(t *testing.T) {
	one := shortness(query.Understanding{TopicTerms: []string{"inflation"}})
	two := shortness(query.Understanding{TopicTerms: []string{"retail", "sale"}})
	long := shortness(query.Understanding{TopicTerms: []string{"a", "b", "c"}})
	if !(one == 1 && two > 0 && two < one && long == 0) {
		t.Errorf("shortness one %v two %v three %v", one, two, long)
	}
	if s := shortness(query.Understanding{TopicTerms: []string{"x"}, IDs: []string{"UNRATE"}}); s != 0 {
		t.Errorf("a query naming an id: %v", s)
	}
}

func TestYearOf(t *testing.T) {
	if y, ok := yearOf("1947-01-01"); !ok || y != 1947 {
		t.Errorf("%v %v", y, ok)
	}
	if _, ok := yearOf("19"); ok {
		t.Error("short date read")
	}
}
