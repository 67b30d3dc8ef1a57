package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sextant-dev/sextant/runtime/agent"
	"github.com/urfave/cli/v2"
)

// maxChatLine bounds one analyst message read from the terminal.
const maxChatLine = 1 << 20

func chatCommand() *cli.Command {
	return &cli.Command{
		Name:  "chat",
		Usage: "talk with the catalog through a language model, turn after turn",
		UsageText: `sextant chat -b BUNDLE --llm URL|sim [--model NAME] [--api-key K] [--context-window N] [--timeout D] [--load-wait D] [--stream [--idle-timeout D]] [--trace FILE] [--out DIR]

Reads one question per line from standard input until end of input or a line
"exit" (or "quit"). Tables built earlier stay available to later turns.
Each turn prints what ask prints. A turn that fails is reported and the chat goes on.`,
		Flags: sessionFlags(),
		Action: func(c *cli.Context) error {
			args, err := positionalArgs(c)
			if err != nil {
				return err
			}
			if len(args) > 0 {
				return usageError("chat reads its questions from standard input, not arguments (got %q)", args)
			}
			s, err := startSession(c)
			if err != nil {
				return err
			}
			chatErr := chat(c, s)
			if err := s.Close(); err != nil && chatErr == nil {
				chatErr = fmt.Errorf("trace: %w", err)
			}
			return chatErr
		},
	}
}

func chat(c *cli.Context, s *liveSession) error {
	in := bufio.NewScanner(c.App.Reader)
	in.Buffer(make([]byte, 64<<10), maxChatLine)
	w := c.App.Writer
	prompt := isTerminal(c.App.Reader)
	for {
		if prompt {
			fmt.Fprint(w, "> ")
		}
		if !in.Scan() {
			if err := in.Err(); err != nil {
				return fmt.Errorf("chat: read input: %w", err)
			}
			return nil
		}
		line := strings.TrimSpace(in.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "exit", "quit":
			return nil
		}
		ctx, done := progressContext(c)
		res, err := s.Ask(ctx, line)
		done()
		printTurn(w, res)
		if err != nil {
			if c.Context.Err() != nil {
				return c.Context.Err()
			}
			if !errors.Is(err, agent.ErrStepLimit) {
				fmt.Fprintf(c.App.ErrWriter, "sextant: turn failed: %v\n", err)
			}
		}
		fmt.Fprintln(w)
	}
}

// isTerminal reports whether r is an interactive terminal (then chat
// prints a prompt).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
