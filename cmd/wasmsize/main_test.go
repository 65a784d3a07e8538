package main

import "testing"

func TestPkgOf(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"runtime.memhash128", "runtime"},
		{"encoding_json.__encodeState_.marshal", "encoding_json"},
		{"gonum.org_v1_gonum_mat.__Dense_.Mul", "gonum.org_v1_gonum_mat"},
		{"github.com_maxence_charriere_go_app_v10_pkg_app.__htmlDiv_.Body", "github.com_maxence_charriere_go_app_v10_pkg_app"},
		{"weak.runtime_makeStrongFromWeak", "weak"},
		{"slices.insertionSortOrdered_go.shape.int32_", "slices"},
		{"type_.eq.github.com_attnviz_attnviz_app.State", "type_"},
		{"go_buildid", "go_buildid"},
	} {
		if got := pkgOf(c.name); got != c.want {
			t.Errorf("pkgOf(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestParse(t *testing.T) {
	if _, err := parse([]byte("\x00asm\x01\x00\x00\x00\x0a\x05")); err == nil {
		t.Error("a truncated section parsed")
	}
	if _, err := parse([]byte("ELF")); err == nil {
		t.Error("not wasm parsed")
	}
	m, err := parse([]byte("\x00asm\x01\x00\x00\x00"))
	if err != nil || len(m.sections) != 0 {
		t.Errorf("empty module: %v, %v", m, err)
	}
}
