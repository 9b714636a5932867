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

// Sweat Credits' patch 1 (local-store/patches/1-*.patch): a lookup by _id uses the _id index.

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
)

func TestIDLookupUsesIDIndex(t *testing.T) {
	t.Parallel()

	objectID := types.NewObjectID()
	c := newTestCollection(t, nil,
		doc("_id", objectID, "v", int32(1)),
		doc("_id", "text", "v", int32(2)),
		doc("_id", types.NewObjectID(), "v", int32(3)),
	)

	for name, id := range map[string]any{
		"ObjectID": objectID,
		"String":   "text",
	} {
		name, id := name, id
		t.Run(name, func(t *testing.T) {
			t.Parallel()

			filter := doc("_id", id)

			plan := queryPlan(t, c, &backends.ExplainParams{Filter: filter})
			assert.Contains(t, plan, "SEARCH")
			assert.Contains(t, plan, "USING INDEX")
			assert.NotContains(t, plan, "SCAN")

			assert.Equal(t, []any{id}, queryIDs(t, c, &backends.QueryParams{Filter: filter}))
		})
	}
}
