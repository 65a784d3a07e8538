package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/attention"
)

// importWords returns the page's own words for the mistake of spec JSON
// that attention.ParseSpec rejects, where its kind is known: a field of the
// wrong JSON type ("mx.err.importType.…") or one a spec does not have. It
// returns nil for any other mistake, which the engine's words then name.
func importWords(data []byte) *InputError {
	var s attention.Spec
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(&s)
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te):
		field, _, _ := strings.Cut(te.Field, ".")
		kind := kindOf(specFieldType(field))
		switch {
		case kind == "":
		case kind == "integer" && !whole(strings.TrimPrefix(te.Value, "number ")):
			return NewInputError("json", "mx.err.importType.integer", field) // 1.5, not out of range
		case strings.HasPrefix(te.Value, "number "): // a number, but out of the type's range
			return NewInputError("json", "mx.err.importRange", field)
		default:
			return NewInputError("json", "mx.err.importType."+kind, field)
		}
	case err != nil && strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return NewInputError("json", "mx.err.importUnknown", Clip(name))
	}
	return nil
}

// whole reports whether the JSON number n has no fractional part: 1e99
// does, 1.5 does not.
func whole(n string) bool {
	x, err := strconv.ParseFloat(n, 64)
	return err == nil && x == math.Trunc(x)
}

// specFieldType is the type of attention.Spec's field of JSON name, nil for
// none.
func specFieldType(name string) reflect.Type {
	t := reflect.TypeFor[attention.Spec]()
	for i := range t.NumField() {
		if tag, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); tag == name && name != "" {
			return t.Field(i).Type
		}
	}
	return nil
}

// kindOf names the JSON a field of type t takes, as the suffix of a message
// key; "" for a type without one (or nil).
func kindOf(t reflect.Type) string {
	if t == nil {
		return ""
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.String() {
	case "float64":
		return "number"
	case "int", "int64":
		return "integer"
	case "string":
		return "string"
	case "bool":
		return "bool"
	case "[]float64":
		return "numbers"
	case "[][]float64":
		return "matrix"
	case "[]string":
		return "strings"
	}
	return ""
}
