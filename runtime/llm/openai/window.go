package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/sextant-dev/sextant/runtime/llm"
)

// probeTimeout bounds one discovery request: these are metadata endpoints
// a local server answers at once.
const probeTimeout = 10 * time.Second

// maxProbeBytes bounds a metadata body (a model listing with a few hundred
// models is well under 1 MB).
const maxProbeBytes = 8 << 20

// Discover asks the server which context window it serves the model with
// and, unless the window was configured, uses it from then on. It tries,
// in order:
//
//   - llama.cpp: GET /props, default_generation_settings.n_ctx (per slot);
//   - vLLM: GET /v1/models, max_model_len of the model;
//   - Ollama: GET /api/ps, context_length of the loaded model (what Ollama
//     truncates to); if the model is not loaded, it is loaded (POST
//     /api/generate with no prompt) and asked again; else POST /api/show,
//     num_ctx from its parameters or the model's maximum;
//   - LM Studio: GET /api/v1/models (loaded_instances[].config.context_length),
//     then GET /api/v0/models (loaded_context_length).
//
// When no server answers, the window stays as it was and its source says
// so. The error is non-nil only when ctx ends.
func (c *Client) Discover(ctx context.Context) (llm.Window, error) {
	if c.configuredWindow() {
		return c.Window(), nil
	}
	root := serverRoot(c.cfg.BaseURL)
	for _, probe := range []func(context.Context, string) (llm.Window, bool){c.llamaProps, c.vllmModels, c.ollamaWindow, c.lmstudioWindow} {
		w, ok := probe(ctx, root)
		if ctx.Err() != nil {
			return c.Window(), fmt.Errorf("openai: discover window: %w", ctx.Err())
		}
		if ok && w.Tokens > 0 {
			c.mu.Lock()
			c.window = w
			c.mu.Unlock()
			return w, nil
		}
	}
	src := "default: the server did not say (pass --context-window)"
	if !c.answered.Load() {
		src = "default: the server could not be reached to ask (pass --context-window)"
	}
	w := llm.Window{Tokens: c.ContextWindow(), Source: src}
	c.mu.Lock()
	c.window = w
	c.mu.Unlock()
	return w, nil
}

func (c *Client) configuredWindow() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.configured
}

// serverRoot strips the OpenAI path from a base URL: the native endpoints
// of llama.cpp, Ollama and LM Studio live at the server's root.
func serverRoot(base string) string {
	base = strings.TrimRight(base, "/")
	return strings.TrimSuffix(base, "/v1")
}

// fetchJSON makes one metadata request and decodes a 200 answer into v,
// waiting while the server says the model is loading.
func (c *Client) fetchJSON(ctx context.Context, method, url string, body any, v any) bool {
	var payload []byte
	if body != nil {
		payload, _ = json.Marshal(body)
	}
	var loadStart time.Time
	poll := time.Second
	for {
		status, data, err := c.fetch(ctx, method, url, payload)
		if err != nil {
			return false
		}
		if status == http.StatusServiceUnavailable && isLoading(parseServerError(status, data)) {
			if loadStart.IsZero() {
				loadStart = c.now()
			}
			left := c.cfg.LoadWait - c.now().Sub(loadStart)
			if left <= 0 || c.sleep(ctx, min(poll, left)) != nil {
				return false
			}
			poll = min(poll*2, maxLoadPoll)
			continue
		}
		return status == http.StatusOK && json.Unmarshal(data, v) == nil
	}
}

func (c *Client) fetch(ctx context.Context, method, url string, payload []byte) (int, []byte, error) {
	timeout := probeTimeout
	if method == http.MethodPost && strings.HasSuffix(url, "/api/generate") {
		timeout = c.cfg.LoadWait // loading a model
	}
	actx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var rd io.Reader
	if payload != nil {
		rd = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(actx, method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	c.answered.Store(true)
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxProbeBytes))
	if err != nil {
		return 0, nil, err
	}
	return resp.StatusCode, data, nil
}

func (c *Client) llamaProps(ctx context.Context, root string) (llm.Window, bool) {
	var props struct {
		Settings struct {
			NCtx int `json:"n_ctx"`
		} `json:"default_generation_settings"`
		NCtx int `json:"n_ctx"`
	}
	if !c.fetchJSON(ctx, http.MethodGet, root+"/props", nil, &props) {
		return llm.Window{}, false
	}
	if n := props.Settings.NCtx; n > 0 {
		return llm.Window{Tokens: n, Source: "llama.cpp /props n_ctx"}, true
	}
	if n := props.NCtx; n > 0 {
		return llm.Window{Tokens: n, Source: "llama.cpp /props n_ctx"}, true
	}
	return llm.Window{}, false
}

func (c *Client) vllmModels(ctx context.Context, _ string) (llm.Window, bool) {
	var list struct {
		Data []struct {
			ID          string `json:"id"`
			Root        string `json:"root"`
			MaxModelLen int    `json:"max_model_len"`
		} `json:"data"`
	}
	if !c.fetchJSON(ctx, http.MethodGet, strings.TrimRight(c.cfg.BaseURL, "/")+"/models", nil, &list) {
		return llm.Window{}, false
	}
	for _, m := range list.Data {
		if (m.ID == c.cfg.Model || len(list.Data) == 1) && m.MaxModelLen > 0 {
			return llm.Window{Tokens: m.MaxModelLen, Source: "vLLM /v1/models max_model_len"}, true
		}
	}
	return llm.Window{}, false
}

// sameOllamaModel matches "qwen3" with "qwen3:latest".
func sameOllamaModel(a, b string) bool {
	norm := func(s string) string {
		if !strings.Contains(s, ":") {
			return s + ":latest"
		}
		return s
	}
	return norm(a) == norm(b)
}

func (c *Client) ollamaLoaded(ctx context.Context, root string) (int, bool, bool) {
	var ps struct {
		Models *[]struct {
			Name          string `json:"name"`
			Model         string `json:"model"`
			ContextLength int    `json:"context_length"`
		} `json:"models"`
	}
	if !c.fetchJSON(ctx, http.MethodGet, root+"/api/ps", nil, &ps) || ps.Models == nil {
		return 0, false, false
	}
	for _, m := range *ps.Models {
		if (sameOllamaModel(m.Name, c.cfg.Model) || sameOllamaModel(m.Model, c.cfg.Model)) && m.ContextLength > 0 {
			return m.ContextLength, true, true
		}
	}
	return 0, false, true
}

func (c *Client) ollamaWindow(ctx context.Context, root string) (llm.Window, bool) {
	n, found, isOllama := c.ollamaLoaded(ctx, root)
	if !isOllama {
		return llm.Window{}, false
	}
	if found {
		return llm.Window{Tokens: n, Source: "Ollama /api/ps context_length (the loaded model)"}, true
	}
	var loaded struct {
		Done bool `json:"done"`
	}
	if c.fetchJSON(ctx, http.MethodPost, root+"/api/generate", map[string]string{"model": c.cfg.Model}, &loaded) {
		if n, found, _ := c.ollamaLoaded(ctx, root); found {
			return llm.Window{Tokens: n, Source: "Ollama /api/ps context_length (the model, loaded to ask)"}, true
		}
	}
	var show struct {
		Parameters string                     `json:"parameters"`
		ModelInfo  map[string]json.RawMessage `json:"model_info"`
	}
	if !c.fetchJSON(ctx, http.MethodPost, root+"/api/show", map[string]string{"model": c.cfg.Model}, &show) {
		return llm.Window{}, false
	}
	for _, line := range strings.Split(show.Parameters, "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "num_ctx" {
			var n int
			if _, err := fmt.Sscan(f[1], &n); err == nil && n > 0 {
				return llm.Window{Tokens: n, Source: "Ollama /api/show num_ctx"}, true
			}
		}
	}
	for k, v := range show.ModelInfo {
		if strings.HasSuffix(k, ".context_length") {
			var n int
			if json.Unmarshal(v, &n) == nil && n > 0 {
				return llm.Window{Tokens: n, Source: "Ollama /api/show context_length (the model's maximum; the server may serve less: pass --context-window)"}, true
			}
		}
	}
	return llm.Window{}, false
}

func (c *Client) lmstudioWindow(ctx context.Context, root string) (llm.Window, bool) {
	var v1 struct {
		Models []struct {
			Key             string `json:"key"`
			LoadedInstances []struct {
				ID     string `json:"id"`
				Config struct {
					ContextLength int `json:"context_length"`
				} `json:"config"`
			} `json:"loaded_instances"`
		} `json:"models"`
	}
	if c.fetchJSON(ctx, http.MethodGet, root+"/api/v1/models", nil, &v1) {
		for _, m := range v1.Models {
			for _, inst := range m.LoadedInstances {
				if (m.Key == c.cfg.Model || inst.ID == c.cfg.Model) && inst.Config.ContextLength > 0 {
					return llm.Window{Tokens: inst.Config.ContextLength, Source: "LM Studio /api/v1/models loaded context_length"}, true
				}
			}
		}
	}
	var v0 struct {
		Data []struct {
			ID                  string `json:"id"`
			State               string `json:"state"`
			LoadedContextLength int    `json:"loaded_context_length"`
		} `json:"data"`
	}
	if c.fetchJSON(ctx, http.MethodGet, root+"/api/v0/models", nil, &v0) {
		for _, m := range v0.Data {
			if m.ID == c.cfg.Model && m.LoadedContextLength > 0 {
				return llm.Window{Tokens: m.LoadedContextLength, Source: "LM Studio /api/v0/models loaded_context_length"}, true
			}
		}
	}
	return llm.Window{}, false
}
