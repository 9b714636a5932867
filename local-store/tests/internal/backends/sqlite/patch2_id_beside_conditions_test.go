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

// Sweat Credits' patch 2 (local-store/patches/2-*.patch): an _id equality beside other conditions
// narrows the query by the _id index too; the rest of the filter is left to the handler.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

func TestIDBesideOtherConditionsUsesIDIndex(t *testing.T) {
	t.Parallel()

	id := types.NewObjectID()
	c := newTestCollection(t, nil,
		doc("_id", id, "seq", int32(7)),
		doc("_id", types.NewObjectID(), "seq", int32(1)),
	)

	for name, tc := range map[string]struct {
		filter        *types.Document
		wholeIsPushed bool
	}{
		"Alone":       {filter: doc("_id", id), wholeIsPushed: true},
		"BesideEqual": {filter: doc("_id", id, "seq", int32(7))},
		"BesideRange": {filter: doc("_id", id, "seq", doc("$lt", int32(5)))},
		"AfterOthers": {filter: doc("seq", int32(1), "_id", id)},
	} {
		name, tc := name, tc
		t.Run(name, func(t *testing.T) {
			t.Parallel()

			res, err := c.Explain(testutil.Ctx(t), &backends.ExplainParams{Filter: tc.filter})
			require.NoError(t, err)
			assert.Equal(t, tc.wholeIsPushed, res.FilterPushdown)

			plan := queryPlan(t, c, &backends.ExplainParams{Filter: tc.filter})
			assert.Contains(t, plan, "USING INDEX")
			assert.NotContains(t, plan, "SCAN")

			// A superset of the matches: the document with that _id, whatever the other conditions.
			assert.Equal(t, []any{id}, queryIDs(t, c, &backends.QueryParams{Filter: tc.filter}))
		})
	}
}
