package web_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sync"
	"testing"
	"time"
)

// loadSessions is the load: 20 analysts chatting at once.
const loadSessions = 20

// Twenty browsers each open a session and ask two questions at the same
// time, through one server, one search engine and one simulated analyst.
// Every turn must answer with its table and chart; the latency from the
// POST to the finished turn is reported (docs/serve.md keeps the figure).
func TestLoadTwentyConcurrentChatSessions(t *testing.T) {
	if testing.Short() {
		t.Skip("load test: skipped with -short")
	}
	bundle := demoBundle(t)
	if os.Getenv("SEXTANT_LOAD_BUNDLE") == "shared-all" { // the figure at catalog scale, on request
		bundle = sharedAll(t)
	}
	ts, _, _ := newServer(t, bundle, nil)
	// As sextant serve does before it listens: the engine's first query
	// reads what later ones find in memory.
	if code, _ := newBrowser(t, ts).get("/search?q=unemployment+rate&limit=1"); code != http.StatusOK {
		t.Fatalf("warm-up search: %d", code)
	}
	questions := []string{chartQuestion, "Draw a chart of everything in the table."}
	var (
		mu        sync.Mutex
		latencies []time.Duration
		errs      []error
	)
	fail := func(err error) {
		mu.Lock()
		errs = append(errs, err)
		mu.Unlock()
	}
	start := time.Now()
	var wg sync.WaitGroup
	for i := range loadSessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := newBrowser(t, ts)
			csrf := b.csrfQuiet()
			if csrf == "" {
				fail(fmt.Errorf("browser %d: no csrf token", i))
				return
			}
			sid := ""
			for n, q := range questions {
				path := "/chat"
				if sid != "" {
					path = "/chat/" + sid + "/ask"
				}
				t0 := time.Now()
				form := url.Values{"csrf": {csrf}, "message": {q}}
				resp, err := b.c.PostForm(b.base+path, form)
				if err != nil {
					fail(fmt.Errorf("browser %d turn %d: %v", i, n+1, err))
					return
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusSeeOther {
					fail(fmt.Errorf("browser %d turn %d: %s", i, n+1, resp.Status))
					return
				}
				if m := sessionPath.FindStringSubmatch(resp.Header.Get("Location")); m != nil {
					sid = m[1]
				}
				st, err := b.pollDone(sid, 2*time.Minute)
				if err != nil {
					fail(fmt.Errorf("browser %d turn %d: %v", i, n+1, err))
					return
				}
				d := time.Since(t0)
				if st.Last.StopReason != "answer" || st.Last.Error != "" || st.Last.Charts == 0 || n == 0 && st.Last.Tables == 0 {
					fail(fmt.Errorf("browser %d turn %d: %+v", i, n+1, st.Last))
					return
				}
				mu.Lock()
				latencies = append(latencies, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	for _, err := range errs {
		t.Error(err)
	}
	if len(latencies) != loadSessions*len(questions) {
		t.Fatalf("%d of %d turns finished", len(latencies), loadSessions*len(questions))
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1)+0.5)] }
	t.Logf("%d sessions × %d turns at once: turn latency p50 %s, p95 %s, max %s; %d turns in %s",
		loadSessions, len(questions), pct(.5).Round(time.Millisecond), pct(.95).Round(time.Millisecond),
		latencies[len(latencies)-1].Round(time.Millisecond), len(latencies), wall.Round(time.Millisecond))
}

// csrfQuiet reads the chat page's CSRF token without failing the test
// (it runs on a goroutine of its own).
func (b *browser) csrfQuiet() string {
	resp, err := b.c.Get(b.base + "/chat")
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	m := csrfInput.FindSubmatch(body)
	if m == nil {
		return ""
	}
	return string(m[1])
}

type loadStatus struct {
	Running bool
	Last    struct {
		Done       bool
		StopReason string `json:"stop_reason"`
		Error      string
		Tables     int
		Charts     int
	}
}

// pollDone waits for the session's last turn to finish.
func (b *browser) pollDone(sid string, within time.Duration) (loadStatus, error) {
	deadline := time.Now().Add(within)
	for {
		var st loadStatus
		resp, err := b.c.Get(b.base + "/chat/" + sid + "/status")
		if err != nil {
			return st, err
		}
		err = json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		if err != nil {
			return st, fmt.Errorf("status: %s: %v", resp.Status, err)
		}
		if st.Last.Done && !st.Running {
			return st, nil
		}
		if time.Now().After(deadline) {
			return st, fmt.Errorf("turn still running after %s", within)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
