package all_test

import (
	"context"
	"slices"
	"testing"

	"github.com/sextant-dev/sextant/catalogsrc"
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/all"
	"github.com/sextant-dev/sextant/catalogsrc/obs/obstest"
)

func TestKindsRegistered(t *testing.T) {
	obsKinds := catalogsrc.ObservationKinds()
	for _, k := range []string{"bis", "fred-csv", "imf-ifs-gdp", "ilo-unemployment", "reference", "turkstat-cpi", "weo-values"} {
		if !slices.Contains(obsKinds, k) {
			t.Errorf("observation kind %s not registered (have %v)", k, obsKinds)
		}
	}
	kinds := catalogsrc.Kinds()
	for _, k := range []string{"imf-ifs-gdp", "ilo-unemployment", "reference"} {
		if !slices.Contains(kinds, k) {
			t.Errorf("catalog kind %s not registered (have %v)", k, kinds)
		}
	}
}

// Every observation series of the catalog kinds has a catalog record with the
// same id, so observations link to catalog rows.
func TestObservationsLinkToRecords(t *testing.T) {
	specs := []catalogsrc.Spec{
		{Kind: "ilo-unemployment", Files: map[string]string{"file": obstest.Testdata(t, "ilo", "unemployment-ilo.csv")}},
		{Kind: "imf-ifs-gdp", Files: map[string]string{"file": obstest.Testdata(t, "imf", "IFS_NGDP_SA_XDC_US_CA_MX.csv")}},
		{Kind: "reference", Files: map[string]string{"file": obstest.Testdata(t, "reference", "nile_flow_annual.csv")}, Options: map[string]string{"id": "ref:nile"}},
	}
	for _, sp := range specs {
		cat, err := catalogsrc.Open(sp)
		if err != nil {
			t.Fatal(err)
		}
		var recs obstest.RecordSink
		if err := cat.Read(context.Background(), &recs); err != nil {
			t.Fatal(err)
		}
		ob, err := catalogsrc.OpenObservations(sp)
		if err != nil {
			t.Fatal(err)
		}
		var series obstest.Sink
		if err := ob.ReadObservations(context.Background(), &series); err != nil {
			t.Fatal(err)
		}
		if len(series.Series) == 0 || len(series.Series) != len(recs.Records) {
			t.Errorf("%s: %d series, %d records", sp.Kind, len(series.Series), len(recs.Records))
		}
		for i, r := range recs.Records {
			sd := series.ByID(r.ID)
			if sd == nil {
				t.Errorf("%s: record %s has no series", sp.Kind, r.ID)
				continue
			}
			if r.Start != sd.Points[0].Date || r.End != sd.Points[len(sd.Points)-1].Date || r.Frequency != sd.Frequency {
				t.Errorf("%s: record %d (%s) coverage %s..%s %s differs from its series", sp.Kind, i, r.ID, r.Start, r.End, r.Frequency)
			}
		}
	}
}
