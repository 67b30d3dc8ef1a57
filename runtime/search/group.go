package search

// group turns ranked candidates into heading groups: a group per heading
// (the row's own heading), in the order of each group's best member, its
// members in rank order. Rows without a known heading are grouped by
// source.
func (e *Engine) group(ranked []*candidate, explain bool) []Group {
	var groups []Group
	at := map[string]int{}
	for _, c := range ranked {
		r := ptr(e.cat.RowAt(int(c.row)))
		key := "source:" + r.Source
		h := e.rowHead[c.row]
		if h >= 0 {
			key = e.cat.Headings[h].ID
		}
		gi, ok := at[key]
		if !ok {
			gi = len(groups)
			at[key] = gi
			groups = append(groups, e.newGroup(h, r.Source, c.score))
		}
		hit := Hit{
			ID: r.ID, NativeID: r.NativeID, Title: r.Title, Unit: r.Unit,
			Frequency: r.Frequency, SeasonalAdjustment: r.SeasonalAdjustment,
			Country: r.Country, Start: r.Start, End: r.End,
			HasData: r.ObsCount > 0, ObsStart: r.ObsStart, ObsEnd: r.ObsEnd, Score: c.score,
		}
		if explain {
			w := e.w
			hit.Explain = &Explanation{
				Keyword: w.Keyword * c.kw, Heading: w.Heading * c.head,
				Semantic: w.Semantic * c.sem, SemanticHeading: w.SemanticHeading * c.semHead,
				Boost: w.Boost * c.boost, ID: w.ID * c.idm, Headline: w.Headline * c.headline, Coverage: w.Coverage * c.cover, Focus: w.Focus * c.focus,
				Prior: c.priorScore,
			}
		}
		groups[gi].Hits = append(groups[gi].Hits, hit)
	}
	return groups
}

func (e *Engine) newGroup(h int32, source string, score float64) Group {
	if h < 0 {
		return Group{Heading: source, HeadingPath: []string{source}, Score: score, Size: e.looseRows[source]}
	}
	hd := &e.cat.Headings[h]
	size := int(hd.LeafRows)
	if size == 0 {
		size = int(hd.DirectRows)
	}
	if size == 0 {
		size = len(e.headRows[h])
	}
	return Group{
		Heading: hd.Label, HeadingID: hd.ID,
		HeadingPath: append([]string(nil), hd.Path...),
		Size:        size, Score: score,
	}
}
