package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/sextant-dev/sextant/runtime/catalog"
	"github.com/sextant-dev/sextant/runtime/query"
	"github.com/sextant-dev/sextant/runtime/search"
	"github.com/urfave/cli/v2"
)

// defaultCountryFlag is the analyst's default country: preferred, not
// required, when a query names none.
var defaultCountryFlag = &cli.StringFlag{Name: "default-country", Usage: "prefer this country's rows (ISO3) when a query names no country", EnvVars: []string{"SEXTANT_COUNTRY"}}

func searchCommand() *cli.Command {
	return &cli.Command{
		Name:      "search",
		Usage:     "search a bundle's catalog; results are grouped by heading",
		UsageText: "sextant search [-b BUNDLE] [--json] [--limit N] [--mode hybrid|keyword|semantic] [--source S] [--freq F] [--country ISO3] [--default-country ISO3] [--from DATE] [--to DATE] [--lang tr] QUERY",
		Description: `Each group shows its heading path, how many rows sit under that heading in
the whole catalog, and its matching rows with what tells them apart (unit,
frequency, seasonal adjustment, country, coverage, whether data is in the bundle).`,
		Flags: []cli.Flag{
			bundleFlag, noVerifyFlag,
			&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"},
			&cli.IntFlag{Name: "limit", Aliases: []string{"n"}, Value: search.DefaultLimit, Usage: fmt.Sprintf("rows to return over all groups (1 to %d)", search.MaxLimit)},
			&cli.StringFlag{Name: "mode", Value: string(search.Hybrid), Usage: "hybrid, keyword or semantic"},
			&cli.StringSliceFlag{Name: "source", Usage: "only these sources (evds, fred, weo, ifs, wdi, eurostat, bis, ...)"},
			&cli.StringFlag{Name: "freq", Usage: "only this frequency (D, W, M, Q, S, A)"},
			&cli.StringFlag{Name: "country", Usage: "only this country (ISO 3166 alpha-3)"},
			defaultCountryFlag,
			&cli.StringFlag{Name: "from", Usage: "coverage overlaps from this date (YYYY[-MM[-DD]])"},
			&cli.StringFlag{Name: "to", Usage: "coverage overlaps up to this date"},
			&cli.BoolFlag{Name: "explain", Usage: "show each hit's ranking signals"},
			&cli.StringFlag{Name: "lang", Usage: "tr: show Turkish titles where the catalog has them"},
		},
		Action: func(c *cli.Context) error {
			q := strings.TrimSpace(strings.Join(c.Args().Slice(), " "))
			if q == "" {
				return usageError("search needs a query")
			}
			lang := strings.ToLower(c.String("lang"))
			if lang != "" && lang != "en" && lang != "tr" {
				return usageError("--lang %q: want en or tr", lang)
			}
			mode := search.Mode(c.String("mode"))
			switch mode {
			case search.Hybrid, search.Keyword, search.Semantic:
			default:
				return usageError("--mode %q: want hybrid, keyword or semantic", mode)
			}
			if n := c.Int("limit"); n < 1 || n > search.MaxLimit {
				return usageError("--limit %d: want 1 to %d rows", n, search.MaxLimit)
			}
			if err := checkDateRange(c); err != nil {
				return err
			}
			cat, err := openCatalog(c)
			if err != nil {
				return err
			}
			// One query: read only the rows it meets.
			eng, err := search.New(c.Context, cat, search.Options{OnDemand: true})
			if err != nil {
				return err
			}
			defer eng.Close()
			res, err := eng.Search(c.Context, search.Request{
				Query: q, Limit: c.Int("limit"), Mode: mode, Sources: c.StringSlice("source"),
				Frequency: strings.ToUpper(c.String("freq")), Country: strings.ToUpper(c.String("country")),
				From: c.String("from"), To: c.String("to"), Explain: c.Bool("explain"),
				DefaultCountry: strings.ToUpper(c.String("default-country")),
			})
			if err != nil {
				return err
			}
			if lang == "tr" {
				turkishTitles(cat, &res)
			}
			if c.Bool("json") {
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				return enc.Encode(res)
			}
			printResult(c.App.Writer, res, c.Bool("explain"))
			return nil
		},
	}
}

// turkishTitles replaces each hit's title by the row's Turkish one where
// the catalog has it (EVDS labels).
func turkishTitles(cat *catalog.Catalog, res *search.Result) {
	for gi := range res.Groups {
		for hi := range res.Groups[gi].Hits {
			h := &res.Groups[gi].Hits[hi]
			if row, ok := cat.Row(h.ID); ok {
				if t := query.TurkishTitle(row.AltTitles); t != "" {
					h.Title = t
				}
			}
		}
	}
}

func printResult(w io.Writer, res search.Result, explain bool) {
	if note := res.ShowingFor(); note != "" {
		fmt.Fprintln(w, note)
	}
	if note := res.PreferringNote(); note != "" {
		fmt.Fprintln(w, note)
	}
	if len(res.Groups) == 0 {
		fmt.Fprintf(w, "no rows match %q\n", res.Query)
		return
	}
	shown := 0
	for _, g := range res.Groups {
		shown += len(g.Hits)
	}
	fmt.Fprintf(w, "%d rows in %d headings for %q\n", shown, len(res.Groups), res.Query)
	for i, g := range res.Groups {
		fmt.Fprintf(w, "\n%d. %s\n   %d of %d rows under this heading\n", i+1, strings.Join(g.HeadingPath, " > "), len(g.Hits), g.Size)
		for _, h := range g.Hits {
			var facts []string
			for _, f := range []string{h.Unit, h.Frequency, h.SeasonalAdjustment, h.Country} {
				if f != "" {
					facts = append(facts, f)
				}
			}
			if h.Start != "" || h.End != "" {
				facts = append(facts, h.Start+"–"+h.End)
			}
			if h.HasData {
				facts = append(facts, "data in bundle")
			}
			fmt.Fprintf(w, "   - %s\n     %s  [%s]\n", h.Title, h.ID, strings.Join(facts, " · "))
			if explain && h.Explain != nil {
				b, _ := json.Marshal(h.Explain)
				fmt.Fprintf(w, "     %s\n", b)
			}
		}
	}
}
