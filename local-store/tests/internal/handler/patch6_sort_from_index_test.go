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

package handler

// Sweat Credits' patch 6 (local-store/patches/6-*.patch), as a client sees it: a find sorted on an
// index's numeric field after the fields its filter binds is sorted by SQLite (explain's
// sortPushdown), in numeric order; other sorts are still done by the handler.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

func TestFindSortedFromIndex(t *testing.T) {
	t.Parallel()

	ctx := testutil.Ctx(t)
	s := newTestStore(t)

	// Numbers of three BSON types; as JSON text "10" and "100" would sort before "9".
	s.insert(t,
		doc("_id", int32(1), "userId", "a", "seq", int32(9), "name", "b"),
		doc("_id", int32(2), "userId", "a", "seq", int64(10), "name", "a"),
		doc("_id", int32(3), "userId", "a", "seq", float64(2.5), "name", "c"),
		doc("_id", int32(4), "userId", "a", "seq", int64(100), "name", "d"),
		doc("_id", int32(5), "userId", "b", "seq", int32(1000), "name", "e"),
	)

	_, err := s.command(ctx, s.h.MsgCreateIndexes, doc(
		"createIndexes", s.collection,
		"indexes", must.NotFail(types.NewArray(doc("key", doc("userId", int32(1), "seq", int32(1)), "name", "userId_1_seq_1"))),
	))
	require.NoError(t, err)

	for name, tc := range map[string]struct {
		sort     *types.Document
		byIndex  bool
		expected []any
	}{
		"SeqDescending":  {sort: doc("seq", int32(-1)), byIndex: true, expected: []any{int32(4), int32(2), int32(1), int32(3)}},
		"SeqAscending":   {sort: doc("seq", int32(1)), byIndex: true, expected: []any{int32(3), int32(1), int32(2), int32(4)}},
		"NameNotInIndex": {sort: doc("name", int32(1)), expected: []any{int32(2), int32(1), int32(3), int32(4)}},
	} {
		name, tc := name, tc
		t.Run(name, func(t *testing.T) {
			t.Parallel()

			find := doc("find", s.collection, "filter", doc("userId", "a"), "sort", tc.sort)

			explained, err := s.command(ctx, s.h.MsgExplain, doc("explain", find.DeepCopy()))
			require.NoError(t, err)
			assert.Equal(t, tc.byIndex, must.NotFail(explained.Get("sortPushdown")))

			found, err := s.command(ctx, s.h.MsgFind, find)
			require.NoError(t, err)

			batch := must.NotFail(must.NotFail(found.Get("cursor")).(*types.Document).Get("firstBatch")).(*types.Array)
			ids := make([]any, batch.Len())

			for i := range ids {
				ids[i] = must.NotFail(must.NotFail(batch.Get(i)).(*types.Document).Get("_id"))
			}

			assert.Equal(t, tc.expected, ids)
		})
	}
}
