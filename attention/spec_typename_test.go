package attention

import (
	"reflect"
	"testing"
)

// TestTypeName checks the English of the types a spec's error names: once
// "an array of array of numberss".
func TestTypeName(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{0.0, "a number"},
		{1, "an integer"},
		{"", "a string"},
		{[]float64(nil), "an array of numbers"},
		{[][]float64(nil), "an array of arrays of numbers"},
		{[]string(nil), "an array of strings"},
		{[]bool(nil), "an array of values true or false"},
		{(*[][]float64)(nil), "an array of arrays of numbers"},
	} {
		if got := typeName(reflect.TypeOf(tc.v)); got != tc.want {
			t.Errorf("typeName(%T) = %q, want %q", tc.v, got, tc.want)
		}
	}
	if _, err := ParseSpec([]byte(`{"x":[[1,2]],"wq":"nope"}`)); err == nil || err.Error() != "wq: expected an array of arrays of numbers, found JSON string" {
		t.Errorf("a string for wq: %v", err)
	}
}
