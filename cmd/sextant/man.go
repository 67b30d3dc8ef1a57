package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/cpuguy83/go-md2man/v2/md2man"
	"github.com/urfave/cli/v2"
)

func manCommand() *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print the manual page (roff, generated from the command definitions)",
		UsageText: `sextant man > sextant.1 && man ./sextant.1
sextant man --markdown > sextant.md

Install it with: sextant man | sudo tee /usr/local/share/man/man1/sextant.1 >/dev/null`,
		Flags: []cli.Flag{&cli.BoolFlag{Name: "markdown", Usage: "print Markdown instead of roff"}},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("man takes no arguments, got %q", c.Args().Slice())
			}
			md, err := manMarkdown(c.App)
			if err != nil {
				return err
			}
			if c.Bool("markdown") {
				_, err = io.WriteString(c.App.Writer, md)
				return err
			}
			_, err = c.App.Writer.Write(md2man.Render([]byte(md)))
			return err
		},
	}
}

// manMarkdown is urfave/cli's Markdown page for the app, in section 1,
// with the exit codes and environment added.
func manMarkdown(app *cli.App) (string, error) {
	md, err := app.ToMarkdown()
	if err != nil {
		return "", err
	}
	// ToMarkdown writes no title line; the page is in section 1, user commands.
	md = "% " + app.Name + " 1\n\n" + md
	var codes strings.Builder
	for _, line := range strings.Split(exitCodesText, "\n") {
		line = strings.TrimSpace(line)
		if code, text, ok := strings.Cut(line, " "); ok && code != "" && code[0] >= '0' && code[0] <= '9' {
			fmt.Fprintf(&codes, "\n**%s**\n: %s", code, strings.TrimSpace(text))
		} else {
			codes.WriteString(" " + line)
		}
	}
	md += "\n# EXIT STATUS\n" + codes.String() + "\n\n" +
		"# ENVIRONMENT\n\n" +
		"**SEXTANT_BUNDLE**\n: the bundle, when -b is not given\n\n" +
		"**SEXTANT_COUNTRY**\n: search's default country, when --default-country is not given\n\n" +
		"**SEXTANT_LLM**, **SEXTANT_MODEL**, **SEXTANT_API_KEY**\n: the model endpoint for ask, chat and eval e2e\n\n" +
		"# SEE ALSO\n\nThe README and docs/ of https://github.com/sextant-dev/sextant\n"
	return md, nil
}
