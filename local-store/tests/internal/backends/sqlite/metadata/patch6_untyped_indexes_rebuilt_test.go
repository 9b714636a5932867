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

package metadata

// Sweat Credits' patch 6 (local-store/patches/6-*.patch): the untyped indexes of a store written by
// an older build (each value as JSON text) are rebuilt typed when the store is opened, so that they
// answer sorts; the _id index stays as it was.

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

func TestUntypedIndexesRebuiltTyped(t *testing.T) {
	t.Parallel()

	ctx := testutil.Ctx(t)
	uri := testutil.TestSQLiteURI(t, "")
	dbName, collectionName := testutil.DatabaseName(t), testutil.CollectionName(t)

	r := openTestRegistry(t, uri)

	index := IndexInfo{Name: "seq_1", Key: []IndexKeyPair{{Field: "seq"}}}
	require.NoError(t, r.IndexesCreate(ctx, dbName, collectionName, []IndexInfo{index}))

	// Made as an older build made it: its column the field's JSON text, its settings without "typed".
	c := r.CollectionGet(ctx, dbName, collectionName)
	db := r.DatabaseGetExisting(ctx, dbName)

	old := c.deepCopy()
	for i := range old.Settings.Indexes {
		old.Settings.Indexes[i].Typed = false
	}

	_, err := db.ExecContext(ctx, fmt.Sprintf("DROP INDEX %q", c.TableName+"_seq_1"))
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, createIndexQuery(c.TableName, IndexInfo{Name: "seq_1", Key: index.Key}))
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, fmt.Sprintf("UPDATE %q SET settings = ? WHERE table_name = ?", metadataTableName), old.Settings, c.TableName)
	require.NoError(t, err)

	assert.NotContains(t, indexSQL(t, r, dbName, c.TableName+"_seq_1"), "IIF(", "not made as an older build made it")

	r.Close()

	r = openTestRegistry(t, uri)
	t.Cleanup(r.Close)

	for _, got := range r.CollectionGet(ctx, dbName, collectionName).Settings.Indexes {
		sql := indexSQL(t, r, dbName, c.TableName+"_"+got.Name)

		if got.Name == backends.DefaultIndexName {
			assert.False(t, got.Typed, "_id index typed")
			assert.NotContains(t, sql, "IIF(")

			continue
		}

		assert.True(t, got.Typed, "%s left untyped", got.Name)
		assert.Contains(t, sql, `IIF(json_type(_ferretdb_sjson->"seq")`)
	}
}

// indexSQL returns the CREATE INDEX statement SQLite keeps for the named index.
func indexSQL(t *testing.T, r *Registry, dbName, name string) string {
	t.Helper()

	ctx := testutil.Ctx(t)

	var sql string
	q := "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?"
	require.NoError(t, r.DatabaseGetExisting(ctx, dbName).QueryRowContext(ctx, q, name).Scan(&sql))

	return sql
}
