// Package evds reads the catalog of the Central Bank of the Republic of
// Türkiye's EVDS data service, merging three vintages by series code:
// the 2025 JSON indexes (English and Turkish), the 2024 series list with
// its topic > group hierarchy, and the bilingual 2020 metadata. The newest
// vintage wins field by field; older and Turkish names become AltTitles.
//
// Roles: allseries (cbrt_allseries.csv), meta2020 (cbrt_meta_data_2020.csv),
// index_en and index_tr (evds_index_*.json), groups (cbrt_groups.csv) and
// categories (cbrt_categories.csv). At least one of allseries, meta2020 and
// index_en is needed; the rest are optional.
package evds

import (
	"context"
	"fmt"
	"strings"

	"github.com/sextant-dev/sextant/catalogsrc"
	"github.com/sextant-dev/sextant/catalogsrc/generic"
)

// Kind is the registered source kind.
const Kind = "evds"

// Country is the ISO3 code every EVDS series gets.
const Country = "TUR"

func init() { catalogsrc.Register(Kind, New) }

// Source reads the EVDS vintages.
type Source struct {
	name  string
	files map[string]string
}

var roles = []string{"allseries", "meta2020", "index_en", "index_tr", "groups", "categories"}

// New builds an EVDS source from its spec.
func New(spec catalogsrc.Spec) (catalogsrc.Source, error) {
	s := &Source{name: spec.Name, files: map[string]string{}}
	known := map[string]bool{}
	for _, r := range roles {
		known[r] = true
	}
	for role, path := range spec.Files {
		if !known[role] {
			return nil, fmt.Errorf("%w: source %q: files.%s is not an evds role (known: %s)", catalogsrc.ErrBadSpec, spec.Name, role, strings.Join(roles, ", "))
		}
		if path != "" {
			s.files[role] = path
		}
	}
	if s.files["allseries"] == "" && s.files["meta2020"] == "" && s.files["index_en"] == "" {
		return nil, fmt.Errorf("%w: source %q (kind evds) needs files.allseries, files.meta2020 or files.index_en", catalogsrc.ErrBadSpec, spec.Name)
	}
	return s, nil
}

// Name implements catalogsrc.Source.
func (s *Source) Name() string { return s.name }

// Files implements catalogsrc.Source.
func (s *Source) Files() []string {
	var out []string
	for _, r := range roles {
		if p := s.files[r]; p != "" {
			out = append(out, p)
		}
	}
	return out
}

// entry is what one vintage says about one series.
type entry struct {
	name, nameTR string
	freqText     string
	freq         catalogsrc.Frequency
	start, end   string
	agg          string
	path         []string
	groupCode    string // 2020: DATAGROUP_CODE, resolved through the groups file
	source       string // data source, e.g. TURKSTAT
	pos          catalogsrc.Pos
}

// series gathers every vintage's entry for one code.
type series struct {
	code                string
	v2025, v2024, v2020 *entry
	tr2025              *entry
}

// Read implements catalogsrc.Source.
func (s *Source) Read(ctx context.Context, sink catalogsrc.Sink) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m := &merger{byCode: map[string]*series{}, prefixPath: map[string][]string{}}
	groups, err := s.readGroups(ctx)
	if err != nil {
		return err
	}
	if p := s.files["allseries"]; p != "" {
		if err := read2024(ctx, p, m, sink); err != nil {
			return err
		}
	}
	if p := s.files["meta2020"]; p != "" {
		if err := read2020(ctx, p, m, sink); err != nil {
			return err
		}
	}
	for _, role := range []string{"index_en", "index_tr"} {
		if p := s.files[role]; p != "" {
			if err := readIndex(ctx, p, role == "index_tr", m, sink); err != nil {
				return err
			}
		}
	}
	return m.emit(ctx, s.name, groups, sink)
}

// readGroups maps group codes to their [topic, group name] path.
func (s *Source) readGroups(ctx context.Context) (map[string][]string, error) {
	topics := map[string]string{"0": "Archived data"}
	if p := s.files["categories"]; p != "" {
		err := generic.ReadTable(ctx, p, generic.TableOptions{}, []string{"cid", "topic"}, nil, func(r generic.Row) error {
			topics[r.Get("cid")] = strings.TrimSpace(r.Get("topic"))
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	groups := map[string][]string{}
	if p := s.files["groups"]; p != "" {
		err := generic.ReadTable(ctx, p, generic.TableOptions{}, []string{"cid", "groupCode", "groupName"}, nil, func(r generic.Row) error {
			groups[r.Get("groupCode")] = cleanPath(topics[r.Get("cid")], r.Get("groupName"))
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return groups, nil
}

// cleanPath builds a heading path, leaving out empty and "NA" parts.
func cleanPath(parts ...string) []string {
	var out []string
	for _, p := range parts {
		p = generic.CleanText(p)
		if p != "" && p != "NA" {
			out = append(out, p)
		}
	}
	return out
}
