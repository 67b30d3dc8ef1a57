package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// maxResponseBytes bounds one response body. A chat completion is at most a
// few hundred KB even with long reasoning; anything far larger is a broken
// server, not an answer.
const maxResponseBytes = 64 << 20

// exchange is what one attempt sent and received beyond what go-openai
// exposes: the raw response body (for fields such as "reasoning" that
// go-openai does not decode, and for error bodies read as the server wrote
// them) and headers (for Retry-After). It also asks the
// transport to send an explicit temperature of 0, which go-openai's
// omitempty float field cannot express.
type exchange struct {
	forceZeroTemperature bool
	// stream leaves a 200 body unread for the stream reader, through tap.
	stream bool
	tap    *sseTap

	status int
	header http.Header
	body   []byte
}

type exchangeKey struct{}

func withExchange(ctx context.Context, ex *exchange) context.Context {
	return context.WithValue(ctx, exchangeKey{}, ex)
}

func exchangeFrom(ctx context.Context) *exchange {
	ex, _ := ctx.Value(exchangeKey{}).(*exchange)
	return ex
}

// retryAfter is the wait the server asked for, or 0.
func (ex *exchange) retryAfter() time.Duration {
	if ex == nil || ex.header == nil {
		return 0
	}
	v := ex.header.Get("Retry-After")
	if v == "" {
		return 0
	}
	if secs, err := strconv.Atoi(v); err == nil && secs > 0 {
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

// exchangeDoer is the go-openai HTTPDoer: it applies the exchange's request
// rewrite and reads the whole response body so that it can be kept.
type exchangeDoer struct {
	client *http.Client
}

func (d *exchangeDoer) Do(req *http.Request) (*http.Response, error) {
	ex := exchangeFrom(req.Context())
	if ex != nil && ex.forceZeroTemperature && req.Body != nil {
		if err := setZeroTemperature(req); err != nil {
			return nil, err
		}
	}
	resp, err := d.client.Do(req)
	if err != nil || ex == nil {
		return resp, err
	}
	if ex.stream && resp.StatusCode == http.StatusOK {
		ex.status, ex.header = resp.StatusCode, resp.Header
		ex.tap = &sseTap{r: resp.Body}
		resp.Body = ex.tap
		return resp, nil
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read response body (HTTP %d): %w", resp.StatusCode, err)
	}
	if len(body) > maxResponseBytes {
		return nil, fmt.Errorf("response body exceeds %d bytes", maxResponseBytes)
	}
	if resp.StatusCode == http.StatusOK {
		body = normalizeBody(body)
	}
	ex.status, ex.header, ex.body = resp.StatusCode, resp.Header, body
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, nil
}

// setZeroTemperature rewrites the JSON request body with "temperature": 0.
func setZeroTemperature(req *http.Request) error {
	raw, err := io.ReadAll(req.Body)
	_ = req.Body.Close()
	if err != nil {
		return fmt.Errorf("openai: read request body: %w", err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return fmt.Errorf("openai: request body: %w", err)
	}
	fields["temperature"] = json.RawMessage("0")
	out, err := json.Marshal(fields)
	if err != nil {
		return fmt.Errorf("openai: request body: %w", err)
	}
	req.Body = io.NopCloser(bytes.NewReader(out))
	req.ContentLength = int64(len(out))
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(out)), nil }
	return nil
}
