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

// Sweat Credits' patch 7 (local-store/patches/7-*.patch): a database file whose metadata table was
// never written (the process stopped between creating the file and the table) opens as an empty
// database, and the other databases as they were.

import (
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/FerretDB/FerretDB/internal/util/testutil"
)

func TestDatabaseFileWithoutMetadataTable(t *testing.T) {
	t.Parallel()

	ctx := testutil.Ctx(t)
	uri := testutil.TestSQLiteURI(t, "")

	r := openTestRegistry(t, uri)

	dbName := testutil.DatabaseName(t)
	created, err := r.CollectionCreate(ctx, &CollectionCreateParams{DBName: dbName, Name: "kept"})
	require.NoError(t, err)
	require.True(t, created)
	r.Close()

	u, err := url.Parse(uri)
	require.NoError(t, err)

	// An empty file is an empty SQLite database: what a stop right after creating the file leaves.
	require.NoError(t, os.WriteFile(filepath.Join(u.Opaque, "interrupted.sqlite"), nil, 0o666))

	r = openTestRegistry(t, uri)
	t.Cleanup(r.Close)

	assert.ElementsMatch(t, []string{dbName, "interrupted"}, r.DatabaseList(ctx))

	list, err := r.CollectionList(ctx, "interrupted")
	require.NoError(t, err)
	assert.Empty(t, list)

	assert.NotNil(t, r.CollectionGet(ctx, dbName, "kept"))

	// The database opened empty takes collections as any other.
	created, err = r.CollectionCreate(ctx, &CollectionCreateParams{DBName: "interrupted", Name: "new"})
	require.NoError(t, err)
	assert.True(t, created)
}
