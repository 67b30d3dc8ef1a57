package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Exit codes, documented in README.md, in the man page and in
// "sextant help exit-codes" (exitCodesText).
const (
	exitOK          = 0
	exitFailure     = 1   // the command could not do its work: an endpoint down, a disk full, a model error
	exitUsage       = 2   // the command was called wrongly: unknown command, flag, value, series id, or a path that does not exist
	exitBadData     = 3   // input or a bundle is damaged: verification failed, unreadable rows, rows quarantined with --strict
	exitInterrupted = 130 // stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it)
)

// exitCodesText is the exit-code table as help and the man page print it.
const exitCodesText = `  0    ok
  1    failure: the command could not do its work (an endpoint down, a disk
       full, a model error); retrying later may help
  2    usage: an unknown command, flag or series id, a bad value (a limit
       out of range, a date that is not on the calendar), or a file or
       bundle path that does not exist; fix the command line
  3    bad data: a bundle that fails verification, a damaged input file, or
       rows quarantined by build --strict; rebuild or copy the data again
  130  interrupted (Ctrl-C or SIGTERM)`

// errUsage marks errors in how the command was called.
var errUsage = errors.New("usage")

// errBadData marks input or bundle damage.
var errBadData = errors.New("bad data")

// usageError reports a bad invocation.
func usageError(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errUsage}, args...)...)
}

// hinted is an error with what to do about it, printed after the message.
type hinted struct {
	err  error
	hint string
}

func (h *hinted) Error() string { return h.err.Error() }
func (h *hinted) Unwrap() error { return h.err }

// withHint attaches a hint to err unless it already carries one.
func withHint(err error, hint string) error {
	var h *hinted
	if err == nil || hint == "" || errors.As(err, &h) {
		return err
	}
	return &hinted{err: err, hint: hint}
}

// isMissingFlag recognises urfave/cli's error for a required flag left out.
func isMissingFlag(err error) bool {
	return strings.HasPrefix(err.Error(), "Required flag") || strings.HasPrefix(err.Error(), "Required flags")
}

// exitCode maps an error to the process exit code.
func exitCode(err error) int {
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errUsage), isMissingFlag(err):
		return exitUsage
	case errors.Is(err, errBadData):
		return exitBadData
	case errors.Is(err, context.Canceled):
		return exitInterrupted
	default:
		return exitFailure
	}
}

// errorLine is the one line printed for err (after "sextant: "): the
// message without the chain of package prefixes and sentinel words that
// wrapping leaves ("usage: table: analysis: ..."), then its hint.
func errorLine(err error) string {
	if errors.Is(err, context.Canceled) {
		return "interrupted"
	}
	msg := cleanMessage(err.Error())
	var h *hinted
	if errors.As(err, &h) {
		msg += "; " + h.hint
	}
	return msg
}

// chainWords are the prefixes wrapping adds that say nothing to a user:
// the sentinels' own words and package names.
var chainWords = map[string]bool{
	"usage": true, "bad data": true, "analysis": true, "catalog": true, "wire": true, "bundle": true,
	"trace": true, "chart": true, "search": true, "agent": true, "changepoint": true, "indexer": true,
	"evalret": true, "evale2e": true, "llm": true, "openai": true, "query": true,
}

// cleanMessage drops chain words between ": " separators and repeated
// segments, keeping everything else in order.
func cleanMessage(msg string) string {
	parts := strings.Split(msg, ": ")
	out := make([]string, 0, len(parts))
	for i, p := range parts {
		if chainWords[strings.TrimSpace(p)] && i < len(parts)-1 {
			continue
		}
		if len(out) > 0 && strings.EqualFold(out[len(out)-1], p) {
			continue
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return msg
	}
	return strings.Join(out, ": ")
}
