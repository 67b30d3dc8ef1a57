// Package all registers every observation reader under catalogsrc/obs (and
// the catalog sources of the kinds that have no catalog elsewhere:
// ilo-unemployment, imf-ifs-gdp, reference). Import it for its side effects.
package all

import (
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/bis"       // kind bis
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/fredcsv"   // kind fred-csv
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/generic"   // kind generic
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/ifs"       // kind imf-ifs-gdp
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/ilo"       // kind ilo-unemployment
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/reference" // kind reference
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/turkstat"  // kind turkstat-cpi
	_ "github.com/sextant-dev/sextant/catalogsrc/obs/weo"       // kind weo-values
)
