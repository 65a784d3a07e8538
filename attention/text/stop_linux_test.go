package text

import (
	"errors"
	"os"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestTokenizeStopsEarly: a 10 MB paste of too many tokens is rejected
// without reading it past its first page: every byte after that page is on
// pages that may not be read, where a read faults (a panic, with
// debug.SetPanicOnFault), so a scan that went on would fail the test.
func TestTokenizeStopsEarly(t *testing.T) {
	const size = 10 << 20
	page := os.Getpagesize()
	for _, c := range []struct{ name, unit string }{
		{"words", "word "},
		{"ideographs", "注意力"},
		{"emoji", "👨‍👩‍👧"},
	} {
		if n := page / len(c.unit); n < MaxTokens+2 {
			t.Fatalf("%s: %d on a page, want more than %d tokens", c.name, n, MaxTokens+1)
		}
		mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			t.Skipf("mmap: %v", err)
		}
		head := strings.Repeat(c.unit, page/len(c.unit))
		copy(mem[copy(mem, head):page], strings.Repeat(" ", page))
		if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
			t.Fatalf("mprotect: %v", err)
		}
		err = tokenizeGuarded(unsafe.String(&mem[0], size))
		if !errors.Is(err, ErrTooManyTokens) {
			t.Errorf("%s: %v, want ErrTooManyTokens before the second page", c.name, err)
		}
		if err := syscall.Munmap(mem); err != nil {
			t.Fatalf("munmap: %v", err)
		}
	}
}

// tokenizeGuarded returns Tokenize's error, or the fault of a read past
// the readable page as one.
func tokenizeGuarded(s string) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if v := recover(); v != nil {
			err = errors.New("read past the first page: " + strings.TrimSpace(strings.SplitN(fmtPanic(v), "\n", 2)[0]))
		}
	}()
	_, err = Tokenize(s)
	return err
}

// fmtPanic is a recovered panic value as text.
func fmtPanic(v any) string {
	if e, ok := v.(error); ok {
		return e.Error()
	}
	return "panic"
}
