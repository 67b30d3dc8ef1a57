// Package all registers every catalog source reader with catalogsrc, and
// every observation reader (some of which also list catalog rows); import it
// for its side effect: import _ "github.com/sextant-dev/sextant/catalogsrc/all".
package all

import (
	_ "github.com/sextant-dev/sextant/catalogsrc/bis"      // kind bis
	_ "github.com/sextant-dev/sextant/catalogsrc/eurostat" // kind eurostat
	_ "github.com/sextant-dev/sextant/catalogsrc/evds"     // kind evds
	_ "github.com/sextant-dev/sextant/catalogsrc/fred"     // kind fred
	_ "github.com/sextant-dev/sextant/catalogsrc/generic"  // kind generic
	_ "github.com/sextant-dev/sextant/catalogsrc/ifs"      // kind ifs
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/all"  // observation readers
	_ "github.com/sextant-dev/sextant/catalogsrc/wdi"      // kind wdi
	_ "github.com/sextant-dev/sextant/catalogsrc/weo"      // kind weo
)
