//! An Arrow record batch's timestamps as the ISO 8601 text JSON Lines hold (`...Z` in UTC), as
//! Parquet's are read, at any depth: in a column, a struct's field, a list's items (list views
//! too) or a map's values. arrow-json writes a timestamp in a named zone (`datasets` writes
//! `UTC`) only with a time zone database compiled in, and refuses the whole batch without one.

use std::sync::Arc;

use arrow_array::{
    Array, ArrayRef, FixedSizeListArray, Int64Array, LargeListArray, LargeListViewArray, ListArray, ListViewArray, MapArray, RecordBatch,
    StringArray, StructArray,
};
use arrow_schema::{DataType, Field, FieldRef, Fields, Schema, TimeUnit};

use super::parquet_rows::{iso_8601, Timestamp};

/// `batch` with every timestamp in it written as text; a batch without one is returned as it is.
pub fn timestamps_as_text(batch: &RecordBatch) -> Result<RecordBatch, String> {
    let schema = batch.schema();
    if !schema.fields().iter().any(|field| holds_timestamp(field.data_type())) {
        return Ok(batch.clone());
    }
    let (fields, columns) = all_as_text(schema.fields(), batch.columns())?;
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns).map_err(|e| e.to_string())
}

fn holds_timestamp(data_type: &DataType) -> bool {
    match data_type {
        DataType::Timestamp(..) => true,
        DataType::Struct(fields) => fields.iter().any(|f| holds_timestamp(f.data_type())),
        DataType::List(item)
        | DataType::LargeList(item)
        | DataType::ListView(item)
        | DataType::LargeListView(item)
        | DataType::FixedSizeList(item, _)
        | DataType::Map(item, _) => holds_timestamp(item.data_type()),
        _ => false,
    }
}

/// `field` and its `array`, with the timestamps in them as text.
fn as_text(field: &FieldRef, array: &ArrayRef) -> Result<(FieldRef, ArrayRef), String> {
    if !holds_timestamp(field.data_type()) {
        return Ok((field.clone(), array.clone()));
    }
    let text = match field.data_type() {
        DataType::Timestamp(unit, zone) => timestamp_text(array, unit, zone.is_some())?,
        DataType::Struct(_) => struct_as_text(array)?,
        DataType::List(item) => {
            let list = downcast::<ListArray>(array)?;
            let (item, values) = as_text(item, list.values())?;
            Arc::new(ListArray::try_new(item, list.offsets().clone(), values, list.nulls().cloned()).map_err(|e| e.to_string())?)
        }
        DataType::LargeList(item) => {
            let list = downcast::<LargeListArray>(array)?;
            let (item, values) = as_text(item, list.values())?;
            Arc::new(LargeListArray::try_new(item, list.offsets().clone(), values, list.nulls().cloned()).map_err(|e| e.to_string())?)
        }
        DataType::ListView(item) => {
            let list = downcast::<ListViewArray>(array)?;
            let (item, values) = as_text(item, list.values())?;
            let (offsets, sizes) = (list.offsets().clone(), list.sizes().clone());
            Arc::new(ListViewArray::try_new(item, offsets, sizes, values, list.nulls().cloned()).map_err(|e| e.to_string())?)
        }
        DataType::LargeListView(item) => {
            let list = downcast::<LargeListViewArray>(array)?;
            let (item, values) = as_text(item, list.values())?;
            let (offsets, sizes) = (list.offsets().clone(), list.sizes().clone());
            Arc::new(LargeListViewArray::try_new(item, offsets, sizes, values, list.nulls().cloned()).map_err(|e| e.to_string())?)
        }
        DataType::FixedSizeList(item, size) => {
            let list = downcast::<FixedSizeListArray>(array)?;
            let (item, values) = as_text(item, list.values())?;
            Arc::new(FixedSizeListArray::try_new(item, *size, values, list.nulls().cloned()).map_err(|e| e.to_string())?)
        }
        DataType::Map(entries, sorted) => {
            let map = downcast::<MapArray>(array)?;
            let (entries, pairs) = as_text(entries, &(Arc::new(map.entries().clone()) as ArrayRef))?;
            let pairs = downcast::<StructArray>(&pairs)?.clone();
            Arc::new(MapArray::try_new(entries, map.offsets().clone(), pairs, map.nulls().cloned(), *sorted).map_err(|e| e.to_string())?)
        }
        _ => array.clone(),
    };
    let field = Field::new(field.name(), text.data_type().clone(), field.is_nullable()).with_metadata(field.metadata().clone());
    Ok((Arc::new(field), text))
}

/// Each of `fields` with its column, as [`as_text`] makes them.
fn all_as_text(fields: &Fields, columns: &[ArrayRef]) -> Result<(Vec<FieldRef>, Vec<ArrayRef>), String> {
    let pairs = fields.iter().zip(columns).map(|(field, column)| as_text(field, column));
    Ok(pairs.collect::<Result<Vec<_>, String>>()?.into_iter().unzip())
}

fn struct_as_text(array: &ArrayRef) -> Result<ArrayRef, String> {
    let record = downcast::<StructArray>(array)?;
    let (fields, columns) = all_as_text(record.fields(), record.columns())?;
    let array = StructArray::try_new(Fields::from(fields), columns, record.nulls().cloned()).map_err(|e| e.to_string())?;
    Ok(Arc::new(array))
}

/// A timestamp array's counts since the epoch as ISO 8601 text (`Z` when it has a zone: Arrow
/// keeps an instant in UTC whatever zone it names).
fn timestamp_text(array: &ArrayRef, unit: &TimeUnit, zoned: bool) -> Result<ArrayRef, String> {
    let nanos_per_unit = match unit {
        TimeUnit::Second => 1_000_000_000,
        TimeUnit::Millisecond => 1_000_000,
        TimeUnit::Microsecond => 1_000,
        TimeUnit::Nanosecond => 1,
    };
    let timestamp = Timestamp::new(nanos_per_unit, zoned);
    let counts = array
        .to_data()
        .into_builder()
        .data_type(DataType::Int64)
        .build()
        .map_err(|e| e.to_string())?;
    let text: StringArray = Int64Array::from(counts)
        .iter()
        .map(|count| count.and_then(|c| iso_8601(c, timestamp)))
        .collect();
    Ok(Arc::new(text))
}

fn downcast<T: 'static>(array: &ArrayRef) -> Result<&T, String> {
    array
        .as_any()
        .downcast_ref::<T>()
        .ok_or_else(|| format!("a column of type {} is not laid out as one", array.data_type()))
}
