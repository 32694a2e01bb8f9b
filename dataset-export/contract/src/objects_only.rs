//! JSON read with every struct from an object, never from an array.
//!
//! serde_json reads a struct from an object or, by its fields' order, from an array; so each
//! struct's derived `Deserialize` is compiled with a second reader for the array form. No file
//! Benchscope reads writes a struct as an array, and in the explorer's wasm those readers were
//! 10 KB of the gzipped code. [`from_slice`] asks serde_json for a map wherever a struct is
//! read, at every depth, so the array form is never compiled; a struct given as an array is an
//! error ("invalid type: sequence, expected struct ..."), with its line and column as ever.
//!
//! Two kinds of struct keep both forms: an enum's struct variants, which serde_json reads itself,
//! and structs read through serde's own buffers (behind `#[serde(flatten)]`, in untagged or
//! internally tagged enums).

use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor};

/// A `T` from the JSON in `bytes`, like `serde_json::from_slice`, with its structs read from
/// objects only (see the module's documentation).
pub fn from_slice<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> serde_json::Result<T> {
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    let value = T::deserialize(ObjectsOnly(&mut reader))?;
    reader.end()?;
    Ok(value)
}

/// A deserializer that reads structs as maps, and hands its own kind to whatever it reads next.
struct ObjectsOnly<D>(D);

/// A visitor passing on what it is given, with the deserializers and accessors inside wrapped
/// as [`ObjectsOnly`].
struct Wrapped<V>(V);

/// The elements of a sequence, each read through [`ObjectsOnly`].
struct Elements<A>(A);

/// The keys and values of a map, each read through [`ObjectsOnly`].
struct Entries<A>(A);

/// An enum's variant, read through [`ObjectsOnly`].
struct Variants<A>(A);

/// A seed whose value is read through [`ObjectsOnly`].
struct Seed<S>(S);

macro_rules! pass_on {
    ($($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
                self.0.$method(Wrapped(visitor))
            }
        )*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for ObjectsOnly<D> {
    type Error = D::Error;

    pass_on! {
        deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32
        deserialize_i64 deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32
        deserialize_u64 deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char
        deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_option deserialize_unit deserialize_seq deserialize_map
        deserialize_identifier deserialize_ignored_any
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(Wrapped(visitor))
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, Wrapped(visitor))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, Wrapped(visitor))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, Wrapped(visitor))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(self, name: &'static str, len: usize, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple_struct(name, len, Wrapped(visitor))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, Wrapped(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

macro_rules! visit {
    ($($method:ident($type:ty))*) => {
        $(
            fn $method<E: de::Error>(self, value: $type) -> Result<V::Value, E> {
                self.0.$method(value)
            }
        )*
    };
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Wrapped<V> {
    type Value = V::Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        self.0.expecting(formatter)
    }

    visit! {
        visit_bool(bool) visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64) visit_i128(i128)
        visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64) visit_u128(u128)
        visit_f32(f32) visit_f64(f64) visit_char(char) visit_str(&str) visit_borrowed_str(&'de str)
        visit_string(String) visit_bytes(&[u8]) visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.0.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.0.visit_some(ObjectsOnly(deserializer))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.0.visit_newtype_struct(ObjectsOnly(deserializer))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, elements: A) -> Result<V::Value, A::Error> {
        self.0.visit_seq(Elements(elements))
    }

    fn visit_map<A: MapAccess<'de>>(self, entries: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(Entries(entries))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, variants: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(Variants(variants))
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Elements<A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Entries<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Seed(seed))
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Variants<A> {
    type Error = A::Error;
    type Variant = Variants<A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<(T::Value, Self::Variant), A::Error> {
        let (name, variant) = self.0.variant_seed(Seed(seed))?;
        Ok((name, Variants(variant)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Variants<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(Seed(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Wrapped(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], visitor: V) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, Wrapped(visitor))
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(ObjectsOnly(deserializer))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde::Deserialize;

    use super::from_slice;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        name: String,
        #[serde(default)]
        tags: Vec<String>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Plain,
        Named(String),
        Pair(u32, u32),
        Full { inner: Inner },
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Outer {
        id: u64,
        score: Option<f64>,
        inner: Option<Inner>,
        list: Vec<Inner>,
        by_name: BTreeMap<String, Inner>,
        kinds: Vec<Kind>,
        pair: (String, bool),
        #[serde(default)]
        missing: Option<String>,
    }

    const WHOLE: &str = r#"{
        "id": 7, "score": 0.5, "inner": {"name": "a", "tags": ["x"]},
        "list": [{"name": "b"}, {"name": "c", "tags": []}],
        "by_name": {"d": {"name": "d", "tags": ["y", "z"]}},
        "kinds": ["plain", {"named": "n"}, {"pair": [1, 2]}, {"full": {"inner": {"name": "e"}}}],
        "pair": ["p", true],
        "unknown": [1, {"nested": null}]
    }"#;

    #[test]
    fn objects_read_as_serde_json_reads_them() {
        let ours: Outer = from_slice(WHOLE.as_bytes()).unwrap();
        let theirs: Outer = serde_json::from_slice(WHOLE.as_bytes()).unwrap();
        assert_eq!(ours, theirs);
        assert_eq!(ours.by_name["d"].tags, ["y", "z"]);
        assert_eq!(
            ours.kinds[3],
            Kind::Full {
                inner: Inner {
                    name: "e".into(),
                    tags: vec![]
                }
            }
        );
    }

    #[test]
    fn a_struct_given_as_an_array_is_refused_at_its_place() {
        let text = "{\"id\": 1, \"score\": null, \"inner\": null, \"list\": [\n  [\"b\", []]\n], \"by_name\": {}, \"kinds\": [], \"pair\": [\"p\", false]}";
        assert!(
            serde_json::from_slice::<Outer>(text.as_bytes()).is_ok(),
            "serde_json itself takes the array"
        );
        let error = from_slice::<Outer>(text.as_bytes()).unwrap_err().to_string();
        assert!(error.contains("invalid type: sequence, expected struct Inner"), "{error}");
        assert!(error.contains("line 2"), "{error}");
    }

    #[test]
    fn faults_keep_their_line_and_column_and_trailing_text_is_refused() {
        let error = from_slice::<Inner>(b"{\"name\": \"a\",\n \"tags\": [1]}").unwrap_err();
        assert_eq!((error.line(), error.column()), (2, 11));
        assert!(from_slice::<Inner>(b"{\"name\": \"a\"} x").is_err());
        assert!(from_slice::<Inner>(b"{\"tags\": []}")
            .unwrap_err()
            .to_string()
            .contains("missing field `name`"));
    }

    #[test]
    fn borrowed_text_stays_borrowed() {
        #[derive(Deserialize)]
        struct Borrowing<'a> {
            #[serde(borrow)]
            name: &'a str,
        }
        let bytes = br#"{"name": "plain"}"#;
        let read: Borrowing = from_slice(bytes).unwrap();
        assert_eq!(read.name, "plain");
    }
}
