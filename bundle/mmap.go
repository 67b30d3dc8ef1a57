package bundle

import (
	"encoding/binary"
	"fmt"
	"os"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hostLittleEndian says whether the machine's own byte order is the
// format's: then mapped arrays are used in place, else they are decoded
// into copies.
var hostLittleEndian = func() bool {
	var x uint16 = 1
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// mapped keeps every mapping a Bundle made. Mappings are read-only and
// live as long as the Bundle: strings and slices handed out point into
// them, so they are never unmapped while the process may hold one.
type mapped struct {
	mu   sync.Mutex
	maps map[string][]byte
}

// Map returns a bundle file's bytes, memory-mapped read-only (an empty
// file gives nil). The same file is mapped once per Bundle.
func (b *Bundle) Map(name string) ([]byte, error) {
	b.mapped.mu.Lock()
	defer b.mapped.mu.Unlock()
	if data, ok := b.mapped.maps[name]; ok {
		return data, nil
	}
	f, err := os.Open(b.Path(name))
	if err != nil {
		return nil, fmt.Errorf("bundle: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("bundle: %w", err)
	}
	var data []byte
	if st.Size() > 0 {
		if data, err = unix.Mmap(int(f.Fd()), 0, int(st.Size()), unix.PROT_READ, unix.MAP_SHARED); err != nil {
			return nil, fmt.Errorf("bundle: map %s: %w", name, err)
		}
	}
	if b.mapped.maps == nil {
		b.mapped.maps = map[string][]byte{}
	}
	b.mapped.maps[name] = data
	return data, nil
}

// u32s views little-endian bytes as uint32s (a copy on a big-endian host).
// len(b) must be a multiple of 4 and b 4-aligned (mapped files are
// page-aligned and every array in them starts 8-aligned).
func u32s(b []byte) []uint32 {
	n := len(b) / 4
	if n == 0 {
		return nil
	}
	if hostLittleEndian && uintptr(unsafe.Pointer(&b[0]))%4 == 0 {
		return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), n)
	}
	out := make([]uint32, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

// i32s views little-endian bytes as int32s.
func i32s(b []byte) []int32 {
	u := u32s(b)
	if len(u) == 0 {
		return nil
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(&u[0])), len(u))
}

// f32s views little-endian bytes as float32s.
func f32s(b []byte) []float32 {
	u := u32s(b)
	if len(u) == 0 {
		return nil
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(&u[0])), len(u))
}

// u16s views little-endian bytes as uint16s (a copy on a big-endian host).
func u16s(b []byte) []uint16 {
	n := len(b) / 2
	if n == 0 {
		return nil
	}
	if hostLittleEndian && uintptr(unsafe.Pointer(&b[0]))%2 == 0 {
		return unsafe.Slice((*uint16)(unsafe.Pointer(&b[0])), n)
	}
	out := make([]uint16, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return out
}
