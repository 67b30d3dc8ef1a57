package query

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"sync"
)

// StoredFacts is what a PreparedRow knows beyond its RowMeta, in a form a
// builder can write down once (runtime/search stores it in bundles) so
// that a reader need not read every row's text again.
type StoredFacts struct {
	Countries, States             []string
	Subnational, Archived, Change bool
	Seasonal                      string
	Units, UnitGroups, Mirrors    []string // sorted
}

// Stored returns the row's facts for storage.
func (pr PreparedRow) Stored() StoredFacts {
	f := pr.facts
	return StoredFacts{Countries: f.countries, States: f.states, Subnational: f.subnational, Archived: f.archived, Change: f.change,
		Seasonal: f.seasonal, Units: setList(f.units), UnitGroups: setList(f.unitGroups), Mirrors: setList(f.mirrors)}
}

// PreparedFromStored is the prepared row of meta whose facts were stored
// (Stored) by a parser of the same PreparedRecipe.
func PreparedFromStored(meta RowMeta, f StoredFacts) PreparedRow {
	return PreparedRow{meta: meta, facts: rowFacts{countries: f.Countries, states: f.States, subnational: f.Subnational,
		archived: f.Archived, change: f.Change, seasonal: f.Seasonal,
		units: listSet(f.Units), unitGroups: listSet(f.UnitGroups), mirrors: listSet(f.Mirrors)}}
}

func setList(m map[string]bool) []string {
	if len(m) == 0 {
		return nil
	}
	out := make([]string, 0, len(m))
	for k, v := range m {
		if v {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func listSet(l []string) map[string]bool {
	if len(l) == 0 {
		return nil
	}
	m := make(map[string]bool, len(l))
	for _, k := range l {
		m[k] = true
	}
	return m
}

// preparedRowRecipe numbers the code that reads a row's facts
// (PrepareRowUnder, analyzeRow, PrepareHeading): bump it whenever what
// they compute changes, so that facts stored by an older build are read
// again rather than trusted. The vocabulary and country table they read
// are fingerprinted by PreparedRecipe itself.
const preparedRowRecipe = 2

var (
	recipeOnce sync.Once
	recipe     string
)

// PreparedRecipe fingerprints how p prepares rows: the code's recipe
// number and the embedded vocabulary and country table. Only the default
// parser has one (""), for other vocabularies stored facts never apply.
func (p *Parser) PreparedRecipe() string {
	if p != Default() {
		return ""
	}
	recipeOnce.Do(func() {
		h := sha256.New()
		names, _ := fs.Glob(embedded, "data/*")
		sort.Strings(names)
		for _, n := range names {
			b, err := embedded.ReadFile(n)
			if err != nil {
				return
			}
			fmt.Fprintf(h, "%s\x00%d\x00", n, len(b))
			h.Write(b)
		}
		for _, c := range TableCountries() {
			fmt.Fprintf(h, "%s\x01%s\x01%q\x01%q\x00", c.ISO3, c.ISO2, c.Names, c.Demonyms)
		}
		recipe = strconv.Itoa(preparedRowRecipe) + "-" + hex.EncodeToString(h.Sum(nil)[:12])
	})
	return recipe
}

// Change reports whether the row is a change transform of a quantity
// ("Percent change", "GDP growth") rather than its level.
func (pr PreparedRow) Change() bool { return pr.facts.change }
