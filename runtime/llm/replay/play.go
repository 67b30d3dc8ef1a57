package replay

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
)

// Replayer is an http.RoundTripper answering from a recorded file without
// any network access.
type Replayer struct {
	mu      sync.Mutex
	path    string
	queues  map[string][]Entry
	pending int
}

// maxLineBytes bounds one recorded exchange; a chat request carrying a long
// conversation and its tools is at most a few MB.
const maxLineBytes = 64 << 20

// Load reads a recording.
func Load(path string) (*Replayer, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer f.Close()
	p := &Replayer{path: path, queues: map[string][]Entry{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), maxLineBytes)
	for line := 1; sc.Scan(); line++ {
		if len(strings.TrimSpace(sc.Text())) == 0 {
			continue
		}
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("replay: %s line %d: %w", path, line, err)
		}
		if e.Key == "" {
			return nil, fmt.Errorf("replay: %s line %d: missing field key", path, line)
		}
		p.queues[e.Key] = append(p.queues[e.Key], e)
		p.pending++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("replay: %s: %w", path, err)
	}
	return p, nil
}

// Remaining is the number of recorded exchanges not yet replayed.
func (p *Replayer) Remaining() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.pending
}

// RoundTrip implements http.RoundTripper.
func (p *Replayer) RoundTrip(req *http.Request) (*http.Response, error) {
	body, err := readBody(req)
	if err != nil {
		return nil, err
	}
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	key := Key(req.Method, requestPath(req), body)
	p.mu.Lock()
	q := p.queues[key]
	if len(q) == 0 {
		p.mu.Unlock()
		return nil, fmt.Errorf("%w: %s %s (key %.12s) in %s", ErrNotRecorded, req.Method, requestPath(req), key, p.path)
	}
	e := q[0]
	p.queues[key] = q[1:]
	p.pending--
	p.mu.Unlock()

	if e.Error != "" {
		return nil, &recordedError{msg: e.Error}
	}
	var bodyErr error
	if e.BodyError != "" {
		bodyErr = io.ErrUnexpectedEOF
		if e.BodyError != io.ErrUnexpectedEOF.Error() {
			bodyErr = fmt.Errorf("%w (recorded: %s)", io.ErrUnexpectedEOF, e.BodyError)
		}
	}
	header := http.Header{}
	if e.ContentType != "" {
		header.Set("Content-Type", e.ContentType)
	}
	if e.RetryAfter != "" {
		header.Set("Retry-After", e.RetryAfter)
	}
	length := int64(len(e.Body))
	if bodyErr != nil {
		length = -1
	}
	return &http.Response{
		Status:        fmt.Sprintf("%d %s", e.Status, http.StatusText(e.Status)),
		StatusCode:    e.Status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        header,
		Body:          &bodyReader{data: strings.NewReader(e.Body), err: bodyErr},
		ContentLength: length,
		Request:       req,
	}, nil
}

// recordedError is a transport error replayed from a recording. It reports
// itself as temporary network trouble so that callers retry it as they
// retried the original.
type recordedError struct{ msg string }

func (e *recordedError) Error() string { return "replay: recorded transport error: " + e.msg }
func (e *recordedError) Timeout() bool {
	return strings.Contains(e.msg, "deadline exceeded") || strings.Contains(e.msg, "timeout")
}
func (e *recordedError) Temporary() bool { return true }

// Transport is a Recorder or a Replayer.
type Transport interface {
	http.RoundTripper
	io.Closer
}

// Auto replays path if it exists and otherwise records to it through next.
// Delete the file to record afresh.
func Auto(path string, next http.RoundTripper) (Transport, error) {
	if _, err := os.Stat(path); err == nil {
		p, err := Load(path)
		if err != nil {
			return nil, err
		}
		return p, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("replay: %w", err)
	}
	return NewRecorder(path, next)
}

// Close implements io.Closer; a Replayer holds no resources.
func (p *Replayer) Close() error { return nil }
