package search

import (
	"reflect"

	"arcade/engine"
)

var seatType = reflect.TypeOf(engine.Seat(0))

// youField reads a view's You field (struct or pointer to struct).
func youField(view any) (engine.Seat, bool) {
	v := reflect.ValueOf(view)
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return 0, false
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return 0, false
	}
	f := v.FieldByName("You")
	if !f.IsValid() || f.Type() != seatType {
		return 0, false
	}
	return engine.Seat(f.Int()), true
}
