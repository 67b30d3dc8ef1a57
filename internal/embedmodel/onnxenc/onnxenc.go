// Package onnxenc writes ONNX model files (protobuf bytes) for small
// inference graphs: typed graph inputs and outputs, initializers holding
// float32 or int64 tensors, and nodes with int, float and int-list
// attributes. It covers the part of the ONNX schema (onnx-ml.proto,
// IR version 8) that sextant's model builder and tests need, encoded with
// protowire so no generated protobuf code is required.
package onnxenc

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// DataType is an ONNX TensorProto.DataType value.
type DataType int32

// The tensor element types this package can write.
const (
	Float DataType = 1
	Int64 DataType = 7
)

// IRVersion is the ONNX IR version written into every model.
const IRVersion = 8

// ErrInvalid is returned for a model that cannot be encoded.
var ErrInvalid = errors.New("onnxenc: invalid model")

// Dim is one dimension of a value's shape: a fixed size (Value > 0) or a
// named symbolic size such as "batch" (Param non-empty).
type Dim struct {
	Value int64
	Param string
}

// Value describes a graph input or output.
type Value struct {
	Name  string
	Type  DataType
	Shape []Dim
}

// Tensor is an initializer (a constant or a weight). Exactly one of Float32
// or Int64 holds the data, row-major, with len equal to the product of Dims.
type Tensor struct {
	Name    string
	Dims    []int64
	Float32 []float32
	Int64   []int64
}

// Attr is a node attribute. Build it with IntAttr, FloatAttr or IntsAttr.
type Attr struct {
	name string
	kind int32
	i    int64
	f    float32
	ints []int64
}

// ONNX AttributeProto.AttributeType values.
const (
	attrFloat = 1
	attrInt   = 2
	attrInts  = 7
)

// IntAttr is an int64 attribute such as Gather's axis.
func IntAttr(name string, v int64) Attr { return Attr{name: name, kind: attrInt, i: v} }

// FloatAttr is a float attribute such as LayerNormalization's epsilon.
func FloatAttr(name string, v float32) Attr { return Attr{name: name, kind: attrFloat, f: v} }

// IntsAttr is an int64-list attribute such as Transpose's perm.
func IntsAttr(name string, v ...int64) Attr { return Attr{name: name, kind: attrInts, ints: v} }

// Node is one operator application.
type Node struct {
	Op      string
	Name    string
	Inputs  []string
	Outputs []string
	Attrs   []Attr
}

// Graph is the model's computation graph.
type Graph struct {
	Name         string
	Nodes        []Node
	Initializers []Tensor
	Inputs       []Value
	Outputs      []Value
}

// Model is an ONNX model using the default ("ai.onnx") operator set.
type Model struct {
	Opset           int64
	ProducerName    string
	ProducerVersion string
	DocString       string
	Graph           Graph
}

// Marshal encodes the model as ONNX protobuf bytes. The output depends only
// on the model's contents, so the same model always gives the same bytes.
func (m *Model) Marshal() ([]byte, error) {
	if err := m.validate(); err != nil {
		return nil, err
	}
	var b []byte
	b = appendVarintField(b, 1, IRVersion)
	b = appendStringField(b, 2, m.ProducerName)
	b = appendStringField(b, 3, m.ProducerVersion)
	b = appendStringField(b, 6, m.DocString)
	b = appendMessageField(b, 7, m.Graph.marshal())
	var opset []byte
	opset = appendStringField(opset, 1, "")
	opset = appendVarintField(opset, 2, uint64(m.Opset))
	b = appendMessageField(b, 8, opset)
	return b, nil
}

func (m *Model) validate() error {
	if m.Opset <= 0 {
		return fmt.Errorf("%w: opset %d", ErrInvalid, m.Opset)
	}
	for _, t := range m.Graph.Initializers {
		n := int64(1)
		for _, d := range t.Dims {
			if d < 0 {
				return fmt.Errorf("%w: tensor %q has negative dimension %d", ErrInvalid, t.Name, d)
			}
			n *= d
		}
		switch {
		case t.Float32 != nil && t.Int64 != nil:
			return fmt.Errorf("%w: tensor %q holds both float32 and int64 data", ErrInvalid, t.Name)
		case t.Float32 != nil && int64(len(t.Float32)) != n:
			return fmt.Errorf("%w: tensor %q has %d values for dims %v", ErrInvalid, t.Name, len(t.Float32), t.Dims)
		case t.Int64 != nil && int64(len(t.Int64)) != n:
			return fmt.Errorf("%w: tensor %q has %d values for dims %v", ErrInvalid, t.Name, len(t.Int64), t.Dims)
		case t.Float32 == nil && t.Int64 == nil:
			return fmt.Errorf("%w: tensor %q has no data", ErrInvalid, t.Name)
		}
	}
	for _, n := range m.Graph.Nodes {
		if n.Op == "" {
			return fmt.Errorf("%w: node %q has no op type", ErrInvalid, n.Name)
		}
	}
	return nil
}

func (g *Graph) marshal() []byte {
	var b []byte
	for _, n := range g.Nodes {
		b = appendMessageField(b, 1, n.marshal())
	}
	b = appendStringField(b, 2, g.Name)
	for _, t := range g.Initializers {
		b = appendMessageField(b, 5, t.marshal())
	}
	for _, v := range g.Inputs {
		b = appendMessageField(b, 11, v.marshal())
	}
	for _, v := range g.Outputs {
		b = appendMessageField(b, 12, v.marshal())
	}
	return b
}

func (n *Node) marshal() []byte {
	var b []byte
	for _, in := range n.Inputs {
		b = appendRepeatedString(b, 1, in)
	}
	for _, out := range n.Outputs {
		b = appendRepeatedString(b, 2, out)
	}
	b = appendStringField(b, 3, n.Name)
	b = appendStringField(b, 4, n.Op)
	for _, a := range n.Attrs {
		b = appendMessageField(b, 5, a.marshal())
	}
	return b
}

func (a *Attr) marshal() []byte {
	var b []byte
	b = appendStringField(b, 1, a.name)
	switch a.kind {
	case attrFloat:
		b = protowire.AppendTag(b, 2, protowire.Fixed32Type)
		b = protowire.AppendFixed32(b, math.Float32bits(a.f))
	case attrInt:
		b = protowire.AppendTag(b, 3, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(a.i))
	case attrInts:
		var packed []byte
		for _, v := range a.ints {
			packed = protowire.AppendVarint(packed, uint64(v))
		}
		b = protowire.AppendTag(b, 8, protowire.BytesType)
		b = protowire.AppendBytes(b, packed)
	}
	b = appendVarintField(b, 20, uint64(a.kind))
	return b
}

func (t *Tensor) marshal() []byte {
	var b []byte
	var dims []byte
	for _, d := range t.Dims {
		dims = protowire.AppendVarint(dims, uint64(d))
	}
	if len(t.Dims) > 0 {
		b = protowire.AppendTag(b, 1, protowire.BytesType)
		b = protowire.AppendBytes(b, dims)
	}
	var raw []byte
	if t.Float32 != nil {
		b = appendVarintField(b, 2, uint64(Float))
		raw = make([]byte, 4*len(t.Float32))
		for i, v := range t.Float32 {
			binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(v))
		}
	} else {
		b = appendVarintField(b, 2, uint64(Int64))
		raw = make([]byte, 8*len(t.Int64))
		for i, v := range t.Int64 {
			binary.LittleEndian.PutUint64(raw[8*i:], uint64(v))
		}
	}
	b = appendStringField(b, 8, t.Name)
	b = protowire.AppendTag(b, 9, protowire.BytesType)
	b = protowire.AppendBytes(b, raw)
	return b
}

func (v *Value) marshal() []byte {
	var shape []byte
	for _, d := range v.Shape {
		var dim []byte
		if d.Param != "" {
			dim = appendStringField(dim, 2, d.Param)
		} else {
			dim = appendVarintField(dim, 1, uint64(d.Value))
		}
		shape = appendMessageField(shape, 1, dim)
	}
	var tensorType []byte
	tensorType = appendVarintField(tensorType, 1, uint64(v.Type))
	tensorType = protowire.AppendTag(tensorType, 2, protowire.BytesType)
	tensorType = protowire.AppendBytes(tensorType, shape)
	var typ []byte
	typ = appendMessageField(typ, 1, tensorType)
	var b []byte
	b = appendStringField(b, 1, v.Name)
	b = appendMessageField(b, 2, typ)
	return b
}

// appendVarintField writes a non-zero varint field (proto3 omits zeros).
func appendVarintField(b []byte, num protowire.Number, v uint64) []byte {
	if v == 0 {
		return b
	}
	b = protowire.AppendTag(b, num, protowire.VarintType)
	return protowire.AppendVarint(b, v)
}

// appendStringField writes a non-empty string field (proto3 omits empty).
func appendStringField(b []byte, num protowire.Number, s string) []byte {
	if s == "" {
		return b
	}
	return appendRepeatedString(b, num, s)
}

// appendRepeatedString writes one element of a repeated string field, even
// when empty (an empty input name means "optional input omitted" in ONNX).
func appendRepeatedString(b []byte, num protowire.Number, s string) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendString(b, s)
}

func appendMessageField(b []byte, num protowire.Number, msg []byte) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendBytes(b, msg)
}
