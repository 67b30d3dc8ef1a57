package openai

import (
	"context"
	"errors"
	"fmt"
	"unicode/utf8"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/sextant-dev/sextant/runtime/llm"
)

const (
	// minReplyTokens is the least room worth asking for: below it a reply
	// that needs tool arguments or a paragraph cannot fit.
	minReplyTokens = 256
	// estimateBytesPerToken estimates a prompt when the server's count is
	// missing; it errs high on tokens (BPE tokenizers reach about 4 bytes a
	// token on prose, fewer on ids and digits).
	estimateBytesPerToken = 3
	// implausibleBytesPerToken: a prompt_tokens figure claiming more bytes
	// per token than this cannot be a count of the whole prompt (no
	// tokenizer packs 6 bytes of catalog text into a token on average, and
	// chat templates add tokens); Ollama reports only uncached tokens.
	implausibleBytesPerToken = 6
	// A cut reply is asked again with up to extendFactor times its
	// max_tokens (at least extendFloor), within the window: enough for
	// reasoning that overran the reserve, not an invitation to loop.
	extendFactor = 8
	extendFloor  = 16_384
	// excerptRunes bounds a cut reply quoted in an error.
	excerptRunes = 160
)

// replyMargin is kept free of both prompt and reply, for the chat
// template's tokens and estimation error.
func replyMargin(window int) int { return max(64, window/64) }

// requestBytes counts the text a request carries.
func requestBytes(r goopenai.ChatCompletionRequest) int {
	n := 0
	for _, m := range r.Messages {
		n += len(m.Content) + len(m.ReasoningContent) + len(m.Name) + len(m.ToolCallID)
		for _, tc := range m.ToolCalls {
			n += len(tc.ID) + len(tc.Function.Name) + len(tc.Function.Arguments)
		}
	}
	for _, t := range r.Tools {
		if t.Function != nil {
			n += len(t.Function.Name) + len(t.Function.Description)
			if raw, ok := t.Function.Parameters.([]byte); ok {
				n += len(raw)
			} else if raw, ok := t.Function.Parameters.(interface{ MarshalJSON() ([]byte, error) }); ok {
				b, _ := raw.MarshalJSON()
				n += len(b)
			}
		}
	}
	return n
}

// checkUsage drops a prompt_tokens figure that cannot be right for the
// request, keeping it in ServerPromptTokens; callers then use their own
// estimate.
func checkUsage(u *llm.Usage, r goopenai.ChatCompletionRequest) {
	floor := requestBytes(r) / implausibleBytesPerToken
	if u.PromptTokens > 0 && floor > 64 && u.PromptTokens < floor {
		u.ServerPromptTokens, u.PromptTokens = u.PromptTokens, 0
	}
}

// extend asks again for a reply that was cut at max_tokens, with all the
// room the window leaves; when there is no more room, or it is cut again,
// the cut reply comes back with an error wrapping llm.ErrTruncated.
func (c *Client) extend(ctx context.Context, apiReq goopenai.ChatCompletionRequest, forceZeroTemp bool, tools []llm.ToolSpec, cut llm.Response) (llm.Response, error) {
	window := c.ContextWindow()
	prompt := cut.Usage.PromptTokens
	if prompt <= 0 {
		prompt = requestBytes(apiReq)/estimateBytesPerToken + 1
	}
	room := window - prompt - replyMargin(window)
	if apiReq.MaxTokens > 0 && room >= apiReq.MaxTokens+apiReq.MaxTokens/4 {
		more := apiReq
		more.MaxTokens = min(room, max(apiReq.MaxTokens*extendFactor, extendFloor))
		resp, err := c.complete(ctx, more, forceZeroTemp, tools)
		switch {
		case err == nil && resp.FinishReason != "length":
			return resp, nil
		case err == nil:
			cut, apiReq = resp, more
		case !errors.Is(err, llm.ErrContextWindow):
			return llm.Response{}, err
		}
	}
	return cut, truncated(cut, apiReq.MaxTokens, window)
}

func truncated(cut llm.Response, maxTokens, window int) error {
	limit := "no max_tokens sent: the window is full"
	if maxTokens > 0 {
		limit = fmt.Sprintf("max_tokens %d", maxTokens)
	}
	what := ""
	switch {
	case len(cut.Message.ToolCalls) > 0:
		what = fmt.Sprintf("; a call to %s was cut", cut.Message.ToolCalls[len(cut.Message.ToolCalls)-1].Name)
	case cut.Message.Content == "" && cut.Message.Reasoning != "":
		what = "; the reasoning used the whole budget and no answer was written"
	case cut.Message.Content != "":
		what = fmt.Sprintf("; the partial reply began %q", excerpt(cut.Message.Content))
	}
	return fmt.Errorf("%w: finish_reason length after %d completion tokens (%s, window %d tokens)%s",
		llm.ErrTruncated, cut.Usage.CompletionTokens, limit, window, what)
}

func excerpt(s string) string {
	if utf8.RuneCountInString(s) <= excerptRunes {
		return s
	}
	r := []rune(s)
	return string(r[:excerptRunes]) + "…"
}
