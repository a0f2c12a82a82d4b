<?php
/**
 * The one table of widgets, shared by the shortcodes and the blocks: which element each
 * is, which attributes it takes and the rule of each, and how a product page's product
 * becomes the default. Every value is checked against its rule here and escaped on
 * output; an unknown attribute, or a value that breaks its rule, is left out (the
 * element then uses its own default).
 *
 * @package StorefrontWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * Widget definitions, attribute checks and the element's HTML.
 */
final class Storefront_Widgets_Widgets {
	/**
	 * Each widget: its element, how it takes the page's product (`reviews`: the product's
	 * reviews, else the store's own; `filter`: only the product's posts unless
	 * `store_wide`; `required`: nothing without a product), and its attributes with their
	 * rules (a list is the allowed values; `int` carries its range).
	 *
	 * @return array<string, array{tag: string, product?: string, attributes: array<string, mixed>}>
	 */
	public static function definitions() {
		return array(
			'review_summary' => array(
				'tag'        => 'svc-review-summary',
				'product'    => 'reviews',
				'attributes' => array(
					'product_ref' => 'ref',
					'company'     => 'bool',
					'variant'     => array( 'full', 'badge' ),
					'hide_empty'  => 'bool',
					'lang'        => 'lang',
				),
			),
			'reviews'        => array(
				'tag'        => 'svc-reviews',
				'product'    => 'reviews',
				'attributes' => array(
					'product_ref' => 'ref',
					'company'     => 'bool',
					'sort'        => array( 'newest', 'highest', 'lowest' ),
					'page_size'   => array( 'int', 1, 50 ),
					'lang'        => 'lang',
				),
			),
			'post_gallery'   => array(
				'tag'        => 'svc-post-gallery',
				'product'    => 'filter',
				'attributes' => array(
					'product_ref' => 'ref',
					'store_wide'  => 'bool',
					'gallery_id'  => 'id',
					'profile_id'  => 'id',
					'label_id'    => 'labels',
					'label_match' => array( 'any', 'all' ),
					'layout'      => array( 'grid', 'carousel', 'masonry' ),
					'page_size'   => array( 'int', 1, 50 ),
					'columns'     => array( 'int', 1, 8 ),
					'load'        => array( 'button', 'scroll', 'none' ),
					'autoplay'    => 'bool',
					'lang'        => 'lang',
				),
			),
			'shoppable_post' => array(
				'tag'        => 'svc-shoppable-post',
				'attributes' => array(
					'post_id'       => 'id',
					'fit'           => array( 'contain', 'cover' ),
					'hide_products' => 'bool',
					'product_url'   => array( 'production', 'development' ),
					'lang'          => 'lang',
				),
			),
			'rich_snippet'   => array(
				'tag'        => 'svc-rich-snippet',
				'product'    => 'required',
				'attributes' => array(
					'product_ref' => 'ref',
				),
			),
		);
	}

	/**
	 * The checked value of one attribute, or null when it breaks its rule.
	 *
	 * @param mixed $rule  The attribute's rule.
	 * @param mixed $value The raw value (a shortcode's string, a block's typed value).
	 * @return string|int|bool|null
	 */
	public static function check( $rule, $value ) {
		if ( 'bool' === $rule ) {
			if ( is_bool( $value ) ) {
				return $value;
			}
			$value = strtolower( trim( (string) $value ) );
			if ( in_array( $value, array( '1', 'true', 'yes', 'on' ), true ) ) {
				return true;
			}
			return in_array( $value, array( '0', 'false', 'no', 'off' ), true ) ? false : null;
		}
		if ( ! is_scalar( $value ) ) {
			return null;
		}
		$value = trim( (string) $value );
		if ( is_array( $rule ) && 'int' === $rule[0] ) {
			if ( ! preg_match( '/^[0-9]{1,4}$/', $value ) ) {
				return null;
			}
			return max( $rule[1], min( $rule[2], (int) $value ) );
		}
		if ( is_array( $rule ) ) {
			return in_array( $value, $rule, true ) ? $value : null;
		}
		$patterns = array(
			// A product's id or handle (WooCommerce slugs are lower-case; SKUs may be more).
			'ref'    => '/^[\p{L}\p{N}][\p{L}\p{N}._~:-]{0,254}$/u',
			'id'     => '/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/',
			'labels' => '/^[0-9a-f]{24}(,[0-9a-f]{24}){0,19}$/',
			'lang'   => '/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/',
		);
		$value = 'labels' === $rule ? strtolower( str_replace( ' ', '', $value ) ) : $value;
		return isset( $patterns[ $rule ] ) && preg_match( $patterns[ $rule ], $value ) ? $value : null;
	}

	/**
	 * The checked attributes of a widget: unknown names and values that break their rule
	 * are left out. Names may come as `page_size`, `page-size` or `pageSize`; a shortcode's
	 * bare word (`[svc_reviews company]`) is a boolean set to true.
	 *
	 * @param string $widget The widget's name.
	 * @param array  $raw    Attributes as given.
	 * @return array<string, string|int|bool>
	 */
	public static function checked_attributes( $widget, array $raw ) {
		$rules  = self::definitions()[ $widget ]['attributes'];
		$values = array();
		foreach ( $raw as $name => $value ) {
			if ( is_int( $name ) && is_string( $value ) ) {
				$name  = $value;
				$value = true;
			}
			$name = strtolower( str_replace( '-', '_', preg_replace( '/(?<=[a-z])([A-Z])/', '_$1', (string) $name ) ) );
			if ( ! isset( $rules[ $name ] ) || '' === $value || null === $value ) {
				continue;
			}
			$checked = self::check( $rules[ $name ], $value );
			if ( null !== $checked ) {
				$values[ $name ] = $checked;
			}
		}
		return $values;
	}

	/**
	 * The product ref of a post: a `product` post's slug (as WooCommerce registers products),
	 * through the filter `storefront_widgets_product_ref`, which may map it to a SKU or
	 * another field, or give one for another post type. Empty when there is none.
	 *
	 * @param int|null $post_id The post; null for the current one (the loop's, else the page's).
	 * @return string
	 */
	public static function product_ref( $post_id = null ) {
		$post = $post_id ? get_post( $post_id ) : get_post();
		if ( ! $post && is_singular() ) {
			$post = get_queried_object();
		}
		$post = $post instanceof WP_Post ? $post : null;
		$ref  = $post && 'product' === $post->post_type ? $post->post_name : '';
		/**
		 * Filters the product ref that the widgets read for a post.
		 *
		 * @param string       $ref  The product post's slug, or '' for another post type.
		 * @param WP_Post|null $post The post.
		 */
		$ref = apply_filters( 'storefront_widgets_product_ref', $ref, $post );
		return is_string( $ref ) && null !== self::check( 'ref', $ref ) ? trim( $ref ) : '';
	}

	/**
	 * A widget's element, or '' when it has nothing to show (a rich snippet without a
	 * product, a shoppable post without a post).
	 *
	 * @param string   $widget  The widget's name.
	 * @param array    $raw     Attributes as given.
	 * @param int|null $post_id The post whose product is the default (a block's context); null for the current one.
	 * @return string
	 */
	public static function element( $widget, array $raw, $post_id = null ) {
		$definition = self::definitions()[ $widget ];
		$values     = self::checked_attributes( $widget, $raw );
		$product    = isset( $definition['product'] ) ? $definition['product'] : '';

		if ( '' !== $product && ! isset( $values['product_ref'] ) && empty( $values['company'] ) && empty( $values['store_wide'] ) ) {
			$ref = self::product_ref( $post_id );
			if ( '' !== $ref ) {
				$values['product_ref'] = $ref;
			} elseif ( 'reviews' === $product ) {
				// No product here: the store's own reviews, as on the Shopify blocks.
				$values['company'] = true;
			}
		}
		if ( ! empty( $values['company'] ) || ! empty( $values['store_wide'] ) ) {
			unset( $values['product_ref'] );
		}
		unset( $values['store_wide'] );
		if ( ( 'required' === $product && ! isset( $values['product_ref'] ) ) || ( 'svc-shoppable-post' === $definition['tag'] && ! isset( $values['post_id'] ) ) ) {
			return '';
		}

		Storefront_Widgets_Assets::widget_used();
		$html = '<' . $definition['tag'];
		foreach ( $values as $name => $value ) {
			if ( false === $value ) {
				continue;
			}
			$html .= ' ' . str_replace( '_', '-', $name ) . ( true === $value ? '' : '="' . esc_attr( (string) $value ) . '"' );
		}
		if ( 'svc-rich-snippet' === $definition['tag'] ) {
			$html .= ' hidden';
		}
		return $html . '></' . $definition['tag'] . '>';
	}
}
