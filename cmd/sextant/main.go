// Command sextant builds catalog bundles offline and answers questions over
// them: search, tables, change points, charts and agent sessions.
package main

import (
	"fmt"
	"os"
)

func main() {
	ctx, stop := interruptContext()
	err := newApp().RunContext(ctx, os.Args)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "sextant: "+errorLine(err))
	}
	os.Exit(exitCode(err))
}
