// Copyright 2021 FerretDB Inc.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

package sqlite

// Sweat Credits' patch 4 (local-store/patches/4-*.patch): equality and $in filters on indexed
// fields, with string or ObjectID values, are answered from their indexes, except on a field that
// holds an array in some document.

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

func TestIndexedEqualityUsesIndex(t *testing.T) {
	t.Parallel()

	owner := types.NewObjectID()
	indexes := []backends.IndexInfo{
		{Name: "userId_1", Key: []backends.IndexKeyPair{{Field: "userId"}}},
		{Name: "owner_1_day_1", Key: []backends.IndexKeyPair{{Field: "owner"}, {Field: "day"}}},
		{Name: "tags_1", Key: []backends.IndexKeyPair{{Field: "tags"}}},
	}
	c := newTestCollection(t, indexes,
		doc("_id", int32(1), "userId", "a", "owner", owner, "tags", "x", "n", int32(5)),
		doc("_id", int32(2), "userId", "b", "owner", hex.EncodeToString(owner[:]), "tags", must.NotFail(types.NewArray("x", "y"))),
		doc("_id", int32(3), "userId", "c", "owner", types.NewObjectID()),
	)

	eq := func(v any) *types.Document { return doc("$eq", v) }
	in := func(v ...any) *types.Document {
		return doc("$in", must.NotFail(types.NewArray(v...)))
	}

	for name, tc := range map[string]struct {
		filter   *types.Document
		usesIdx  string // the index SQLite searches, or "" for a scan
		expected []any  // a superset of the matches: the handler applies the whole filter
	}{
		"String":          {filter: doc("userId", "a"), usesIdx: "userId_1", expected: []any{int32(1)}},
		"Eq":              {filter: doc("userId", eq("b")), usesIdx: "userId_1", expected: []any{int32(2)}},
		"In":              {filter: doc("userId", in("a", "c")), usesIdx: "userId_1", expected: []any{int32(1), int32(3)}},
		"BesideOthers":    {filter: doc("n", int32(5), "userId", "a"), usesIdx: "userId_1", expected: []any{int32(1)}},
		"CompoundLeading": {filter: doc("owner", owner), usesIdx: "owner_1_day_1", expected: []any{int32(1), int32(2)}},
		"NotIndexed":      {filter: doc("n", int32(5)), expected: []any{int32(1), int32(2), int32(3)}},
		"Number":          {filter: doc("userId", int32(1)), expected: []any{int32(1), int32(2), int32(3)}},
		"HoldsAnArray":    {filter: doc("tags", "x"), expected: []any{int32(1), int32(2), int32(3)}},
	} {
		name, tc := name, tc
		t.Run(name, func(t *testing.T) {
			t.Parallel()

			plan := queryPlan(t, c, &backends.ExplainParams{Filter: tc.filter})
			if tc.usesIdx == "" {
				assert.Contains(t, plan, "SCAN")
			} else {
				assert.Contains(t, plan, "USING INDEX")
				assert.Contains(t, plan, tc.usesIdx)
				assert.NotContains(t, plan, "SCAN")
			}

			// An ObjectID and a string of its hex are one key in the index: both come back.
			assert.ElementsMatch(t, tc.expected, queryIDs(t, c, &backends.QueryParams{Filter: tc.filter}))
		})
	}
}
