package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// The acceptance, on the full shared bundle (365,000 rows): the
// unemployment-rate search groups fred:UNRATE with its heading's size,
// its series page draws the chart, a chat turn with the simulated analyst
// ends with a table and a chart, and a foreign Host is refused.
func TestAcceptanceOnTheFullSharedBundle(t *testing.T) {
	if testing.Short() {
		t.Skip("full shared bundle: skipped with -short")
	}
	ts, _, cat := newServer(t, sharedAll(t), nil)
	b := newBrowser(t, ts)
	t.Run("search", func(t *testing.T) { checkUnrateSearch(t, b, cat) })
	t.Run("series", func(t *testing.T) {
		code, body := b.get("/series/fred:UNRATE")
		if code != http.StatusOK {
			t.Fatalf("series: %d", code)
		}
		checkSeriesChart(t, body)
	})
	t.Run("chat", func(t *testing.T) { checkChatTurn(t, b) })
	t.Run("foreign host", func(t *testing.T) {
		req := mustReq(t, ts.URL+"/search?q=US+unemployment+rate")
		req.Host = "attacker.example"
		resp, body := b.do(req)
		if resp.StatusCode != http.StatusMisdirectedRequest || strings.Contains(body, "fred:UNRATE") {
			t.Errorf("foreign Host: %s", resp.Status)
		}
	})
}
