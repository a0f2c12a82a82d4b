/**
 * The blocks' editor (no build step: plain JavaScript on WordPress's own `wp.*` globals).
 * Each block's settings in the sidebar, from its block.json's attributes, and a preview:
 * the block rendered by the server (the same PHP as the page), upgraded by the widgets'
 * loader, which the plugin loads in the editor too. Blocks save nothing of their own: the
 * server renders them on every page.
 */
( function ( wp ) {
	'use strict';
	var el = wp.element.createElement;
	var __ = wp.i18n.__;
	var components = wp.components;
	var blockEditor = wp.blockEditor;
	var ServerSideRender = wp.serverSideRender;
	var DOMAIN = 'storefront-widgets';

	function choices( pairs ) {
		return pairs.map( function ( pair ) {
			return { value: pair[ 0 ], label: pair[ 1 ] };
		} );
	}

	/** Each attribute's control; an attribute a block lacks is not shown for it. */
	var CONTROLS = {
		productRef: { type: 'text', label: __( 'Product', DOMAIN ), help: __( 'The product\'s handle or id. Empty: this page\'s product (a WooCommerce product\'s slug).', DOMAIN ) },
		company: { type: 'toggle', label: __( 'The store\'s own reviews', DOMAIN ) },
		storeWide: { type: 'toggle', label: __( 'The whole store\'s posts', DOMAIN ), help: __( 'Off: only the posts that tag this page\'s product.', DOMAIN ) },
		variant: { type: 'select', label: __( 'Variant', DOMAIN ), options: choices( [ [ 'full', __( 'Full summary', DOMAIN ) ], [ 'badge', __( 'Badge: stars and count', DOMAIN ) ] ] ) },
		hideEmpty: { type: 'toggle', label: __( 'Hide when there are no reviews', DOMAIN ) },
		sort: { type: 'select', label: __( 'Order', DOMAIN ), options: choices( [ [ 'newest', __( 'Newest', DOMAIN ) ], [ 'highest', __( 'Highest rated', DOMAIN ) ], [ 'lowest', __( 'Lowest rated', DOMAIN ) ] ] ) },
		layout: { type: 'select', label: __( 'Layout', DOMAIN ), options: choices( [ [ 'grid', __( 'Grid', DOMAIN ) ], [ 'carousel', __( 'Carousel', DOMAIN ) ], [ 'masonry', __( 'Masonry', DOMAIN ) ] ] ) },
		columns: { type: 'range', label: __( 'Columns', DOMAIN ), min: 1, max: 8 },
		pageSize: { type: 'range', label: __( 'Page size', DOMAIN ), min: 1, max: 50 },
		load: { type: 'select', label: __( 'More posts', DOMAIN ), options: choices( [ [ 'button', __( 'By a button', DOMAIN ) ], [ 'scroll', __( 'On scrolling', DOMAIN ) ], [ 'none', __( 'None', DOMAIN ) ] ] ) },
		galleryId: { type: 'text', label: __( 'Gallery ID', DOMAIN ) },
		labelId: { type: 'text', label: __( 'Label IDs', DOMAIN ), help: __( 'Only posts with these labels, separated by commas.', DOMAIN ) },
		postId: { type: 'text', label: __( 'Post ID', DOMAIN ), help: __( 'The post\'s ID, from the service\'s dashboard (pst_…).', DOMAIN ) },
		fit: { type: 'select', label: __( 'Fit', DOMAIN ), options: choices( [ [ 'contain', __( 'Whole picture', DOMAIN ) ], [ 'cover', __( 'Fill, cropped', DOMAIN ) ] ] ) },
		hideProducts: { type: 'toggle', label: __( 'Hide the product list', DOMAIN ) },
		lang: { type: 'text', label: __( 'Language', DOMAIN ), help: __( 'Empty: the market\'s language.', DOMAIN ) },
	};

	function control( name, attributes, setAttributes ) {
		var spec = CONTROLS[ name ];
		var set = function ( value ) {
			var change = {};
			change[ name ] = value;
			setAttributes( change );
		};
		var common = { key: name, label: spec.label, help: spec.help };
		if ( spec.type === 'toggle' ) {
			return el( components.ToggleControl, Object.assign( common, { checked: !! attributes[ name ], onChange: set } ) );
		}
		if ( spec.type === 'select' ) {
			return el( components.SelectControl, Object.assign( common, { value: attributes[ name ], options: spec.options, onChange: set } ) );
		}
		if ( spec.type === 'range' ) {
			return el( components.RangeControl, Object.assign( common, { value: attributes[ name ], min: spec.min, max: spec.max, onChange: set } ) );
		}
		return el( components.TextControl, Object.assign( common, { value: attributes[ name ] || '', onChange: set } ) );
	}

	function preview( name, attributes ) {
		if ( name === 'storefront-widgets/shoppable-post' && ! attributes.postId ) {
			return el( components.Placeholder, { icon: 'cart', label: __( 'Shoppable post', DOMAIN ), instructions: __( 'Enter the post\'s ID in the block\'s settings.', DOMAIN ) } );
		}
		if ( name === 'storefront-widgets/rich-snippet' ) {
			return el( components.Placeholder, { icon: 'search', label: __( 'Review stars in search results', DOMAIN ), instructions: __( 'Adds the product\'s rating to the page\'s Product data for search engines. It shows nothing on the page.', DOMAIN ) } );
		}
		return el( components.Disabled, null, el( ServerSideRender, { block: name, attributes: attributes } ) );
	}

	function edit( props ) {
		var type = wp.blocks.getBlockType( props.name );
		var names = Object.keys( type.attributes ).filter( function ( attribute ) {
			return CONTROLS[ attribute ];
		} );
		return el(
			wp.element.Fragment,
			null,
			el(
				blockEditor.InspectorControls,
				null,
				el(
					components.PanelBody,
					{ title: __( 'Widget settings', DOMAIN ) },
					names.map( function ( attribute ) {
						return control( attribute, props.attributes, props.setAttributes );
					} )
				)
			),
			el( 'div', blockEditor.useBlockProps(), preview( props.name, props.attributes ) )
		);
	}

	[ 'review-summary', 'reviews', 'post-gallery', 'shoppable-post', 'rich-snippet' ].forEach( function ( block ) {
		wp.blocks.registerBlockType( 'storefront-widgets/' + block, {
			edit: edit,
			save: function () {
				return null;
			},
		} );
	} );

	wp.blocks.registerBlockVariation( 'storefront-widgets/review-summary', {
		name: 'badge',
		title: __( 'Review stars', DOMAIN ),
		description: __( 'The product\'s stars and review count, inline: under a product\'s title.', DOMAIN ),
		icon: 'star-half',
		attributes: { variant: 'badge' },
		isActive: function ( attributes ) {
			return attributes.variant === 'badge';
		},
	} );
} )( window.wp );
