package replay

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
)

// Recorder is an http.RoundTripper that forwards requests to Next and
// appends each exchange to a file.
type Recorder struct {
	next http.RoundTripper

	mu   sync.Mutex
	file *os.File
	buf  *bufio.Writer
	n    int
}

// NewRecorder creates (or truncates) path and records exchanges made
// through next (nil: http.DefaultTransport).
func NewRecorder(path string, next http.RoundTripper) (*Recorder, error) {
	if next == nil {
		next = http.DefaultTransport
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	return &Recorder{next: next, file: f, buf: bufio.NewWriter(f)}, nil
}

// RoundTrip implements http.RoundTripper.
func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	body, err := readBody(req)
	if err != nil {
		return nil, err
	}
	e := Entry{Key: Key(req.Method, requestPath(req), body), Method: req.Method, Path: requestPath(req), Request: asJSON(body)}
	resp, rtErr := r.next.RoundTrip(req)
	if rtErr != nil {
		e.Error = rtErr.Error()
		if err := r.append(e); err != nil {
			return nil, err
		}
		return nil, rtErr
	}
	data, readErr := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	e.Status = resp.StatusCode
	e.ContentType = resp.Header.Get("Content-Type")
	e.RetryAfter = resp.Header.Get("Retry-After")
	e.Body = string(data)
	if readErr != nil {
		e.BodyError = readErr.Error()
	}
	if err := r.append(e); err != nil {
		return nil, err
	}
	resp.Body = &bodyReader{data: strings.NewReader(string(data)), err: readErr}
	resp.ContentLength = -1
	if readErr == nil {
		resp.ContentLength = int64(len(data))
	}
	return resp, nil
}

func (r *Recorder) append(e Entry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("replay: encode entry: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, err := r.buf.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("replay: write %s: %w", r.file.Name(), err)
	}
	if err := r.buf.Flush(); err != nil {
		return fmt.Errorf("replay: write %s: %w", r.file.Name(), err)
	}
	r.n++
	return nil
}

// Recorded is the number of exchanges written so far.
func (r *Recorder) Recorded() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n
}

// Close flushes and closes the file.
func (r *Recorder) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.buf.Flush(); err != nil {
		_ = r.file.Close()
		return fmt.Errorf("replay: %w", err)
	}
	if err := r.file.Close(); err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	return nil
}

func asJSON(body []byte) json.RawMessage {
	if len(body) == 0 {
		return nil
	}
	if json.Valid(body) {
		return json.RawMessage(body)
	}
	s, _ := json.Marshal(string(body))
	return s
}
