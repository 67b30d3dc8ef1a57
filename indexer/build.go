package indexer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/bundle"
	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/internal/embed"
)

// Options tune a build.
type Options struct {
	Out         string // bundle directory to publish
	Previous    string // previous bundle to diff against and reuse vectors from ("" → Out when it exists; "-" → none)
	Strict      bool   // fail instead of quarantining bad rows
	Force       bool   // replace whatever is at Out, even when it is not a bundle
	RowDiff     bool   // list every row added, removed or changed in Report.Diff.Rows
	ToolVersion string
	Logf        func(format string, args ...any) // progress; nil → silent
	Warnf       func(format string, args ...any) // what the user must hear though the build goes on (also in Report.Warnings); nil → Logf
}

// Report says what a build did.
type Report struct {
	Out             string         `json:"out"`
	Sources         []SourceReport `json:"sources"`
	Series          int            `json:"series"`
	Headings        int            `json:"headings"`
	DerivedHeadings int            `json:"derived_headings"`
	Observations    int            `json:"observations"`
	ObservedSeries  int            `json:"observed_series"`
	Quarantined     int            `json:"quarantined"`
	Embedding       *EmbeddingInfo `json:"embedding,omitempty"`
	TextIndex       string         `json:"text_index"`    // how the text index was made: built, copied (the previous bundle's) or updated (the previous bundle's with the changes applied)
	CatalogFiles    string         `json:"catalog_files"` // how the catalog, heading and search files were made: written, or copied (the previous bundle's, its rows and headings being these)
	Diff            *Diff          `json:"diff,omitempty"`
	Stages          []Stage        `json:"stages"`
	Warnings        []string       `json:"warnings,omitempty"` // what a user must hear about though the build went on
	Seconds         float64        `json:"seconds"`
}

func (r *Report) warn(format string, args ...any) {
	r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...))
}

// SourceReport is one source's outcome.
type SourceReport struct {
	Name        string `json:"name"`
	Kind        string `json:"kind"`
	Role        string `json:"role"`
	Rows        int    `json:"rows"`
	Quarantined int    `json:"quarantined"`
}

// EmbeddingInfo describes the embedding stage.
type EmbeddingInfo struct {
	ModelID string     `json:"model_id"`
	Dim     int        `json:"dim"`
	Rows    embedStats `json:"rows"`
	Heads   embedStats `json:"headings"`
}

// Stage is one timed step.
type Stage struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
}

// sourceLabels name each known source at the root of its heading tree.
var sourceLabels = map[string]string{
	"evds":     "CBRT EVDS (Central Bank of the Republic of Türkiye)",
	"fred":     "FRED (Federal Reserve Bank of St. Louis)",
	"weo":      "IMF World Economic Outlook",
	"ifs":      "IMF International Financial Statistics",
	"wdi":      "World Bank World Development Indicators",
	"eurostat": "Eurostat",
	"bis":      "BIS central bank policy rates",
	"ilo":      "ILO",
	"ref":      "Reference series",
}

// Build runs the whole pipeline and publishes the bundle at opts.Out (see
// publishStaged). On any error nothing is published and a previous bundle
// there is untouched. An output path holding something other than a bundle
// is refused (ErrDestination) unless opts.Force; leftovers of interrupted
// builds of the same path are removed first.
func Build(ctx context.Context, cfg *Config, opts Options) (*Report, error) {
	start := time.Now()
	logf := opts.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	warnf := opts.Warnf
	if warnf == nil {
		warnf = logf
	}
	rep := &Report{Out: opts.Out}
	warn := func(format string, args ...any) {
		rep.warn(format, args...)
		warnf(format, args...)
	}
	stage := func(name string, t0 time.Time) {
		rep.Stages = append(rep.Stages, Stage{Name: name, Seconds: time.Since(t0).Seconds()})
	}

	out, err := resolveOut(opts.Out)
	if err != nil {
		return nil, err
	}
	opts.Out = out
	if err := checkDestination(opts.Out, opts.Force); err != nil {
		return nil, err
	}
	if err := cleanLeftovers(opts.Out, logf); err != nil {
		return nil, err
	}

	t0 := time.Now()
	cats, obsSrcs := readSources(ctx, cfg, runtime.GOMAXPROCS(0))
	all := append(append([]*sourceResult{}, cats...), obsSrcs...)
	var failed []string
	for _, r := range all {
		if r.err != nil {
			failed = append(failed, fmt.Sprintf("%s (%s): %v", r.spec.Name, r.spec.Kind, r.err))
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(failed) > 0 {
		return nil, fmt.Errorf("%w: %s", ErrSource, strings.Join(failed, "; "))
	}
	recs := mergeRecords(cats)
	stage("read sources", t0)
	logf("read %d catalog rows from %d sources", len(recs), len(cats))

	t0 = time.Now()
	labels := map[string]string{}
	stemSources := map[string]bool{}
	for _, s := range cfg.Sources {
		labels[s.Name] = sourceLabels[s.Name]
		if l := s.Options["label"]; l != "" {
			labels[s.Name] = l
		}
		switch s.Options["derive_headings"] {
		case "title-stem":
			stemSources[s.Name] = true
		case "", "none":
		default:
			return nil, fmt.Errorf("%w: source %s: options.derive_headings %q: want title-stem or none", ErrConfig, s.Name, s.Options["derive_headings"])
		}
	}
	headIDs, heads := deriveHeadings(recs, labels, stemSources)
	logf("%d rows take their outline parent's label as an alternative title", outlineParents(recs, headIDs))
	rows := make([]bundle.SeriesRow, len(recs))
	for i := range recs {
		rows[i] = seriesRow(&recs[i], headIDs[i])
	}
	stage("derive headings", t0)

	t0 = time.Now()
	obsRows := linkObservations(rows, obsSrcs)
	sqlSources, err := linkSQL(ctx, cfg.SQL, rows, logf)
	if err != nil {
		return nil, err
	}
	stage("link observations", t0)

	for _, r := range all {
		rep.Sources = append(rep.Sources, SourceReport{Name: r.spec.Name, Kind: r.spec.Kind, Role: r.role, Rows: r.rows(), Quarantined: len(r.quarantined)})
		rep.Quarantined += len(r.quarantined)
	}
	for _, s := range sqlSources {
		rep.Sources = append(rep.Sources, SourceReport{Name: s.Name, Kind: s.Kind, Role: s.Role, Rows: s.Rows})
	}
	if opts.Strict && rep.Quarantined > 0 {
		return rep, fmt.Errorf("%w: %d rows rejected (first: %s)", ErrQuarantine, rep.Quarantined, firstProblem(cats, obsSrcs))
	}

	if empty := emptySources(rep.Sources); len(empty) > 0 {
		for _, e := range empty {
			warn("%s", e)
		}
		if opts.Strict {
			return rep, fmt.Errorf("%w: %s", ErrRowDrop, strings.Join(empty, "; "))
		}
	}

	prev := openPrevious(opts, warn)
	var oldRows []bundle.SeriesRow
	if prev != nil {
		if old, err := prev.ReadCatalog(); err == nil {
			oldRows = old
			rep.Diff = diffCatalog(prev.Dir, old, rows, opts.RowDiff)
		}
		if drops := rowDrops(prev.Manifest, rep.Sources, cfg.RowDropLimit()); len(drops) > 0 {
			for _, d := range drops {
				warn("%s", d)
			}
			if opts.Strict {
				return rep, fmt.Errorf("%w: %s", ErrRowDrop, strings.Join(drops, "; "))
			}
		}
	}

	staged := stagingPath(opts.Out)
	w, err := bundle.Create(staged)
	if err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			w.Abort()
			os.RemoveAll(staged)
		}
	}()

	// The text index and the embeddings are the two expensive stages; they
	// run side by side (one core each on the two-core machines this is built for).
	t0 = time.Now()
	type textResult struct {
		info *bundle.TextIndex
		how  textOutcome
		err  error
	}
	textDone := make(chan textResult, 1)
	go func() {
		info, how, err := buildTextIndex(ctx, w, prev, rows, heads)
		textDone <- textResult{info, how, err}
	}()

	var emb *bundle.Embedding
	if cfg.Embedding.Model != "none" {
		t1 := time.Now()
		info, e, err := buildEmbeddings(ctx, w, cfg.Embedding, prev, rows, heads, logf, warn)
		if err != nil {
			<-textDone
			return nil, err
		}
		rep.Embedding, emb = info, e
		stage("embeddings", t1)
	}
	text := <-textDone
	if text.err != nil {
		return nil, text.err
	}
	rep.TextIndex = string(text.how)
	switch text.how {
	case textCopied:
		logf("text index: the previous bundle's, which holds the same documents")
	case textUpdated:
		logf("text index: the previous bundle's, with the changed rows and headings applied")
	}
	stage("text index + embeddings", t0)

	t0 = time.Now()
	rep.CatalogFiles = "written"
	if sameCatalog(prev, oldRows, rows, heads, text.how) {
		if err := reuseCatalogFiles(ctx, w, prev); err != nil {
			return nil, err
		}
		rep.CatalogFiles = "copied"
		logf("catalog files: the previous bundle's, which holds the same rows and headings")
	} else if err := writeCatalogFiles(ctx, w, rows, heads); err != nil {
		return nil, err
	}
	if err := w.WriteObservations(obsRows); err != nil {
		return nil, err
	}
	var quarantine []bundle.QuarantineEntry
	for _, r := range all {
		quarantine = append(quarantine, r.quarantined...)
	}
	if err := w.WriteQuarantine(quarantine); err != nil {
		return nil, err
	}

	m := &bundle.Manifest{ToolVersion: opts.ToolVersion, Config: cfg.Path(), Embedding: emb, TextIndex: text.info}
	for _, r := range all {
		m.Sources = append(m.Sources, sourceInfo(cfg, r))
	}
	m.Sources = append(m.Sources, sqlSources...)
	observed := 0
	for _, r := range rows {
		if r.ObsCount > 0 {
			observed++
		}
	}
	for _, h := range heads {
		if h.Derived {
			rep.DerivedHeadings++
		}
	}
	m.Counts = bundle.Counts{Series: len(rows), Headings: len(heads), Observations: len(obsRows), ObservedSeries: observed, Quarantined: rep.Quarantined}
	if err := w.Commit(m); err != nil {
		return nil, err
	}
	if err := publishStaged(staged, opts.Out); err != nil {
		return nil, err
	}
	ok = true
	stage("write and publish", t0)
	rep.Series, rep.Headings, rep.Observations, rep.ObservedSeries = len(rows), len(heads), len(obsRows), observed
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// writeCatalogFiles writes the files made from the rows and headings.
func writeCatalogFiles(ctx context.Context, w *bundle.Writer, rows []bundle.SeriesRow, heads []bundle.HeadingRow) error {
	if err := w.WriteCatalog(rows); err != nil {
		return err
	}
	if err := w.WriteHeadings(heads); err != nil {
		return err
	}
	if err := writeRowFacts(w, rows, heads); err != nil {
		return err
	}
	return writeDocMap(ctx, w, rows, heads)
}

func firstProblem(lists ...[]*sourceResult) string {
	for _, l := range lists {
		for _, r := range l {
			if len(r.quarantined) > 0 {
				q := r.quarantined[0]
				return fmt.Sprintf("%s:%d: field %q: %s", q.File, q.Line, q.Field, q.Reason)
			}
		}
	}
	return ""
}

func seriesRow(r *catalogsrc.Record, headingID string) bundle.SeriesRow {
	return bundle.SeriesRow{
		ID: r.ID, NativeID: r.NativeID, Source: r.Source, Title: r.Title, AltTitles: r.AltTitles,
		Unit: r.Unit, Frequency: string(r.Frequency), FrequencyText: r.FrequencyText, Start: r.Start, End: r.End,
		SeasonalAdjustment: r.SeasonalAdjustment, Country: r.Country, Aggregation: r.Aggregation,
		Description: r.Description, HeadingID: headingID, Vintage: r.Vintage, ContentHash: contentHash(r),
	}
}

// linkObservations turns observation sources into sorted rows, sets each
// catalog row's observed coverage, and quarantines series with no catalog row.
func linkObservations(rows []bundle.SeriesRow, srcs []*sourceResult) []bundle.ObservationRow {
	byID := make(map[string]int, len(rows))
	for i, r := range rows {
		byID[r.ID] = i
	}
	var out []bundle.ObservationRow
	for _, src := range srcs {
		for _, s := range src.series {
			i, ok := byID[s.ID]
			if !ok {
				src.reject(catalogsrc.Problem{Pos: s.Pos, Field: "series_id", Reason: fmt.Sprintf("observations for %s, which no catalog source lists", s.ID)})
				continue
			}
			if rows[i].ObsCount > 0 {
				src.reject(catalogsrc.Problem{Pos: s.Pos, Field: "series_id", Reason: fmt.Sprintf("second set of observations for %s ignored", s.ID)})
				continue
			}
			if len(s.Points) == 0 {
				continue
			}
			for _, p := range s.Points {
				out = append(out, bundle.ObservationRow{SeriesID: s.ID, Date: p.Date, Value: p.Value})
			}
			rows[i].ObsCount = int32(len(s.Points))
			rows[i].ObsStart, rows[i].ObsEnd = s.Points[0].Date, s.Points[len(s.Points)-1].Date
			if rows[i].Frequency == "" {
				rows[i].Frequency = string(s.Frequency)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].SeriesID != out[j].SeriesID {
			return out[i].SeriesID < out[j].SeriesID
		}
		return out[i].Date < out[j].Date
	})
	return out
}

func sourceInfo(cfg *Config, r *sourceResult) bundle.SourceInfo {
	info := bundle.SourceInfo{Name: r.spec.Name, Kind: r.spec.Kind, Role: r.role, Rows: r.rows(), Quarantined: len(r.quarantined), Covers: r.covers}
	files := append([]string(nil), r.files...)
	sort.Strings(files)
	for _, f := range files {
		e, err := bundle.HashFile(f)
		if err != nil {
			continue
		}
		if rel, err := filepath.Rel(cfg.BaseDir, f); err == nil {
			e.Path = filepath.ToSlash(rel)
		}
		info.Inputs = append(info.Inputs, e)
	}
	return info
}

// openPrevious opens the bundle to diff against and reuse vectors from, or
// nil. It is verified completely first (every checksum, every shape):
// nothing from a damaged bundle is reused, and the report says so.
func openPrevious(opts Options, warn func(string, ...any)) *bundle.Bundle {
	p := opts.Previous
	if p == "-" {
		return nil
	}
	if p == "" {
		p = opts.Out
		if !isBundle(p) {
			return nil
		}
	} else if _, err := os.Stat(p); err != nil {
		warn("previous bundle %s not used: %v", p, err)
		return nil
	}
	// A link to a bundle is verified (and read) where it points.
	if target, err := filepath.EvalSymlinks(p); err == nil {
		p = target
	}
	problems, err := bundle.Verify(p)
	if err == nil && len(problems) > 0 {
		err = fmt.Errorf("damaged (%d problems, first: %s)", len(problems), problems[0])
	}
	var b *bundle.Bundle
	if err == nil {
		b, err = bundle.Open(p, bundle.OpenOptions{SkipChecksums: true}) // just verified
	}
	if err != nil {
		warn("previous bundle %s not used, nothing reused from it, every vector computed afresh: %v", p, err)
		return nil
	}
	return b
}

func buildEmbeddings(ctx context.Context, w *bundle.Writer, ec EmbeddingConfig, prev *bundle.Bundle, rows []bundle.SeriesRow, heads []bundle.HeadingRow, logf, warnf func(string, ...any)) (*EmbeddingInfo, *bundle.Embedding, error) {
	modelDir := ec.Model
	if _, err := os.Stat(modelDir); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil, fmt.Errorf("%w: embedding model %s not found: run `make model` to build the default model, or set embedding.model (\"none\" to build without embeddings)", ErrConfig, modelDir)
		}
		return nil, nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	e, err := embed.Open(ctx, modelDir)
	if err != nil {
		return nil, nil, fmt.Errorf("indexer: open embedding model %s: %w", modelDir, err)
	}
	defer e.Close()
	paths := make(map[string][]string, len(heads))
	htexts := make([]string, len(heads))
	for i, h := range heads {
		paths[h.ID] = h.Path
		htexts[i] = headingText(h.Path)
	}
	rtexts := make([]string, len(rows))
	for i, r := range rows {
		rtexts[i] = rowText(r.Title, r.Unit, paths[r.HeadingID])
	}
	last := time.Now()
	progress := func(done, total int) {
		if time.Since(last) > 5*time.Second || done == total {
			logf("embedded %d/%d rows", done, total)
			last = time.Now()
		}
	}
	digest := vectorsDigest(e.ModelID(), rows, rtexts, heads, htexts)
	desc := &bundle.Embedding{ModelID: e.ModelID(), ModelName: filepath.Base(modelDir), Dim: e.Dim(), RowVectors: len(rows), HeadVectors: len(heads), TextRecipe: embedTextRecipe, TextsDigest: digest}
	if ok, err := reuseVectorFiles(w, prev, desc); err != nil {
		return nil, nil, err
	} else if ok {
		if err := w.CopyDir(bundle.ModelDir, modelDir); err != nil {
			return nil, nil, err
		}
		logf("vectors: the previous bundle's, made from the same texts by the same model")
		info := &EmbeddingInfo{ModelID: e.ModelID(), Dim: e.Dim(), Rows: embedStats{Reused: len(rows)}, Heads: embedStats{Reused: len(heads)}}
		return info, desc, nil
	}
	cache, dropped := loadVectorCache(prev, e.ModelID())
	if dropped > 0 {
		warnf("%d vectors of the previous bundle hold NaN or Inf: not reused, their texts are embedded again", dropped)
	}
	rv, rst, err := embedTexts(ctx, e, rtexts, cache, progress)
	if err != nil {
		return nil, nil, embedError(err, func(i int) string { return "row " + rows[i].ID })
	}
	hv, hst, err := embedTexts(ctx, e, htexts, cache, nil)
	if err != nil {
		return nil, nil, embedError(err, func(i int) string { return "heading " + heads[i].ID })
	}
	if err := writeRowVectors(w, rows, heads, e.Dim(), rv); err != nil {
		return nil, nil, err
	}
	if err := w.WriteVectors(bundle.HeadVectorsFile, e.Dim(), hv); err != nil {
		return nil, nil, err
	}
	if ec.Shared {
		if err := w.ShareModel(modelDir); err != nil {
			return nil, nil, err
		}
	} else if err := w.CopyDir(bundle.ModelDir, modelDir); err != nil {
		return nil, nil, err
	}
	info := &EmbeddingInfo{ModelID: e.ModelID(), Dim: e.Dim(), Rows: rst, Heads: hst}
	return info, desc, nil
}
