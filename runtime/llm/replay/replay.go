// Package replay records HTTP exchanges to a JSON Lines file and plays them
// back, so tests of code that talks to a model endpoint are deterministic and
// need no server. Requests are matched by a canonical hash of method, path
// and body (JSON bodies are canonicalised, so key order and whitespace do
// not matter); the host is ignored, since test servers change port. Repeated
// identical requests — retries — are answered in recorded order.
//
// Only the method, path, body, status, Content-Type and Retry-After are
// kept: never request headers, so credentials are not written to disk.
package replay

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// ErrNotRecorded means a replayed request has no (remaining) recorded answer.
var ErrNotRecorded = errors.New("replay: request not recorded")

// Entry is one recorded exchange, one line of the file.
type Entry struct {
	Key    string `json:"key"`
	Method string `json:"method"`
	Path   string `json:"path"`
	// Request is the request body: inline JSON when it is valid JSON,
	// otherwise a JSON string.
	Request json.RawMessage `json:"request,omitempty"`
	// Error is the transport error, when the request got no response.
	Error       string `json:"error,omitempty"`
	Status      int    `json:"status,omitempty"`
	ContentType string `json:"content_type,omitempty"`
	RetryAfter  string `json:"retry_after,omitempty"`
	// Body is the response body verbatim, even when malformed.
	Body string `json:"body,omitempty"`
	// BodyError is the error met reading the body (e.g. a truncated
	// response); replay returns Body and then this error.
	BodyError string `json:"body_error,omitempty"`
}

// Key is the canonical hash identifying a request.
func Key(method, path string, body []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s %s\n", method, path)
	h.Write(canonical(body))
	return hex.EncodeToString(h.Sum(nil))
}

// canonical re-encodes a JSON body with sorted keys and literal numbers;
// other bodies are used as they are.
func canonical(body []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return body
	}
	out, err := json.Marshal(v)
	if err != nil {
		return body
	}
	return out
}

// readBody reads and restores a request body.
func readBody(req *http.Request) ([]byte, error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	b, err := io.ReadAll(req.Body)
	_ = req.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("replay: read request body: %w", err)
	}
	req.Body = io.NopCloser(bytes.NewReader(b))
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	return b, nil
}

func requestPath(req *http.Request) string {
	return req.URL.RequestURI()
}

// bodyReader yields data and then err (nil meaning io.EOF).
type bodyReader struct {
	data io.Reader
	err  error
}

func (r *bodyReader) Read(p []byte) (int, error) {
	n, err := r.data.Read(p)
	if err == io.EOF && r.err != nil {
		return n, r.err
	}
	return n, err
}

func (r *bodyReader) Close() error { return nil }
