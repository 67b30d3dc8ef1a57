package agenttest

import (
	"fmt"
	"math/rand/v2"

	"github.com/sextant-dev/sextant/runtime/agent"
)

// Scales the agent's context rules are tested at: the smallest catalog a
// test builds, the size the product is built for, and all sources at once.
const (
	ScaleTiny   = 13
	ScaleTarget = 55_000
	ScaleFull   = 358_000
)

var places = []string{"Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
	"Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine",
	"Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada",
	"New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Ohio", "Oklahoma",
	"Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont",
	"Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming", "Istanbul", "Ankara", "Izmir", "Bursa"}

var qualifiers = []string{"16 to 19 years", "20 to 24 years", "25 to 54 years", "55 years and over", "Men", "Women",
	"White", "Black or African American", "Hispanic or Latino", "Asian", "Veterans", "Less Than a High School Diploma",
	"Bachelor's Degree and Higher", "Part-Time Workers", "Full-Time Workers", "Urban", "Rural", "Goods", "Services",
	"Durable Goods", "Food", "Energy", "Housing", "Transportation", "Medical Care", "Domestic Offices", "Large Banks",
	"Small Banks", "Foreign-Related Institutions", "Core", "Headline", "Chained", "Archived", "Discontinued"}

var freqs = []string{"M", "M", "M", "Q", "A", "W", "D"}

// Grow returns base plus synthetic rows up to n rows in all (base as is when
// it already has n). Each synthetic row is a near-duplicate of a base row — a
// regional, demographic or component variant under the same or a sibling
// heading, usually without observations — the way real catalogs at scale
// surround every wanted series with look-alikes. Deterministic in seed.
func Grow(base []agent.SeriesInfo, n int, seed uint64) []agent.SeriesInfo {
	out := make([]agent.SeriesInfo, len(base), max(n, len(base)))
	copy(out, base)
	if len(base) == 0 {
		return out
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	for i := len(base); i < n; i++ {
		b := base[rng.IntN(len(base))]
		r := b
		r.ID = fmt.Sprintf("syn:S%07d", i)
		r.HasData = rng.IntN(50) == 0
		r.Frequency = freqs[rng.IntN(len(freqs))]
		path := append([]string(nil), b.HeadingPath...)
		switch rng.IntN(4) {
		case 0:
			p := places[rng.IntN(len(places))]
			r.Title = b.Title + " in " + p
			r.Country = ""
			path = append(path, "By place")
		case 1:
			r.Title = b.Title + ", " + qualifiers[rng.IntN(len(qualifiers))]
		case 2:
			r.Title = b.Title + " - " + qualifiers[rng.IntN(len(qualifiers))] + ", " + qualifiers[rng.IntN(len(qualifiers))]
			path = append(path, "Components")
		default:
			q := qualifiers[rng.IntN(len(qualifiers))]
			r.Title = q + ": " + b.Title
			if rng.IntN(2) == 0 {
				r.SeasonalAdjustment = "NSA"
			}
		}
		r.HeadingPath = path
		r.HeadingSize = 0 // counted by the catalog
		out = append(out, r)
	}
	return out
}
