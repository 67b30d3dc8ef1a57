package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

func chatCommand() *cli.Command {
	return &cli.Command{
		Name:  "chat",
		Usage: "talk with the catalog through a language model, turn after turn",
		UsageText: `sextant chat -b BUNDLE --llm URL|sim [--model NAME] [--api-key K] [--context-window N] [--timeout D] [--load-wait D] [--stream [--idle-timeout D]] [--trace FILE [--force]] [--out DIR] [--export DIR]

Reads questions from the terminal, with line editing and history, or one
per line from piped input, until /quit or the end of input. End a line with
\ to continue it, or put several lines between lines of """. Tables built
earlier stay available to later turns; /tables lists them and /export writes
them as CSV (--export DIR does so after every turn). Each turn prints what
ask prints, with progress on standard error while the model works. Ctrl-C
cancels the running turn, not the session. /help lists the commands.`,
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
			chatErr := runChat(c, s)
			if err := s.Close(); err != nil && chatErr == nil {
				chatErr = fmt.Errorf("trace: %w", err)
			}
			return chatErr
		},
	}
}
