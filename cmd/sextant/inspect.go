package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/urfave/cli/v2"
)

// inspectSummary is what inspect prints.
type inspectSummary struct {
	Path        string              `json:"path"`
	Manifest    *bundle.Manifest    `json:"manifest"`
	Frequencies map[string]int      `json:"frequencies"`
	TopHeadings []inspectHeading    `json:"largest_headings"`
	Quarantine  map[string][]string `json:"quarantine_sample,omitempty"` // source → a few reasons
	TotalBytes  int64               `json:"total_bytes"`
}

type inspectHeading struct {
	Path     string `json:"path"`
	LeafRows int32  `json:"leaf_rows"`
	Derived  bool   `json:"derived"`
}

// inspectTop is how many of the largest leaf headings inspect lists.
const inspectTop = 10

func inspectCommand() *cli.Command {
	return &cli.Command{
		Name:      "inspect",
		Usage:     "print a readable summary of a bundle",
		UsageText: "sextant inspect [--json] BUNDLE",
		Flags:     []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print JSON"}, noVerifyFlag},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("inspect takes one bundle path")
			}
			path, err := bundlePath(c.Args().First())
			if err != nil {
				return err
			}
			b, err := bundle.Open(path, bundle.OpenOptions{SkipChecksums: c.Bool("no-verify")})
			if err != nil {
				return fmt.Errorf("%w: %v", errBadData, err)
			}
			s, err := summarize(b)
			if err != nil {
				return err
			}
			s.Path = c.Args().First()
			if c.Bool("json") {
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				return enc.Encode(s)
			}
			printSummary(c.App.Writer, s)
			return nil
		},
	}
}

func summarize(b *bundle.Bundle) (*inspectSummary, error) {
	rows, err := b.ReadCatalog()
	if err != nil {
		return nil, err
	}
	heads, err := b.ReadHeadings()
	if err != nil {
		return nil, err
	}
	q, err := b.ReadQuarantine()
	if err != nil {
		return nil, err
	}
	s := &inspectSummary{Manifest: b.Manifest, Frequencies: map[string]int{}, Quarantine: map[string][]string{}}
	for _, r := range rows {
		f := r.Frequency
		if f == "" {
			f = "unknown"
		}
		s.Frequencies[f]++
	}
	var leaves []bundle.HeadingRow
	for _, h := range heads {
		if h.DirectRows > 0 {
			leaves = append(leaves, h)
		}
	}
	sort.Slice(leaves, func(i, j int) bool { return leaves[i].LeafRows > leaves[j].LeafRows })
	for _, h := range leaves[:min(inspectTop, len(leaves))] {
		s.TopHeadings = append(s.TopHeadings, inspectHeading{Path: strings.Join(h.Path, " > "), LeafRows: h.LeafRows, Derived: h.Derived})
	}
	for _, e := range q {
		if len(s.Quarantine[e.Source]) < 3 {
			s.Quarantine[e.Source] = append(s.Quarantine[e.Source], fmt.Sprintf("%s:%d %s: %s", e.File, e.Line, e.Field, e.Reason))
		}
	}
	for _, f := range b.Manifest.Files {
		s.TotalBytes += f.Size
	}
	return s, nil
}

func printSummary(w io.Writer, s *inspectSummary) {
	m := s.Manifest
	fmt.Fprintf(w, "bundle %s\n  format v%d (reader ≥ v%d), built %s by sextant %s\n", s.Path, m.FormatVersion, m.MinReaderVersion, m.CreatedAt.Format("2006-01-02 15:04 MST"), m.ToolVersion)
	fmt.Fprintf(w, "  %d series, %d headings, %d observations for %d series, %d rows quarantined, %.1f MB in %d files\n",
		m.Counts.Series, m.Counts.Headings, m.Counts.Observations, m.Counts.ObservedSeries, m.Counts.Quarantined, float64(s.TotalBytes)/1e6, len(m.Files))
	if e := m.Embedding; e != nil {
		fmt.Fprintf(w, "  embeddings: model %s (%s…), dim %d\n", e.ModelName, e.ModelID[:min(12, len(e.ModelID))], e.Dim)
	}
	if sm := m.SharedModel; sm != nil {
		var size int64
		for _, f := range sm.Files {
			size += f.Size
		}
		fmt.Fprintf(w, "  model kept outside the bundle, shared: %s/%s (%.1f MB in %d files)\n", bundle.SharedModelsDir, sm.SHA256, float64(size)/1e6, len(sm.Files))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\nsource\tkind\trole\trows\tquarantined\tinputs")
	for _, src := range m.Sources {
		var in []string
		for _, f := range src.Inputs {
			in = append(in, f.Path)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\n", src.Name, src.Kind, src.Role, src.Rows, src.Quarantined, strings.Join(in, ", "))
	}
	tw.Flush()
	var fs []string
	for f, n := range s.Frequencies {
		fs = append(fs, fmt.Sprintf("%s %d", f, n))
	}
	sort.Strings(fs)
	fmt.Fprintf(w, "\nfrequencies: %s\n\nlargest headings:\n", strings.Join(fs, ", "))
	for _, h := range s.TopHeadings {
		d := ""
		if h.Derived {
			d = " (derived)"
		}
		fmt.Fprintf(w, "  %7d  %s%s\n", h.LeafRows, h.Path, d)
	}
	if len(s.Quarantine) > 0 {
		fmt.Fprintln(w, "\nquarantine sample:")
		var srcs []string
		for k := range s.Quarantine {
			srcs = append(srcs, k)
		}
		sort.Strings(srcs)
		for _, k := range srcs {
			for _, r := range s.Quarantine[k] {
				fmt.Fprintf(w, "  %s: %s\n", k, r)
			}
		}
	}
}
